// Debian's Chromium driven by playwright-core; never a downloaded browser.
import { chromium, type Browser, type Page } from 'playwright-core';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Fails the test on any request that leaves this machine. */
export function forbidOutsideRequests(page: Page, outside: string[]): void {
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http')) {
      outside.push(request.url());
    }
  });
}

/**
 * The GraphQL operations the page sends, by name, in the order sent: a screen's requests, to count
 * (the console makes one request per screen where its data allows it).
 */
export function recordGraphqlOperations(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !new URL(request.url()).pathname.endsWith('/graphql'))
      return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    names.push(body?.operationName ?? '(anonymous)');
  });
  return names;
}

/** The operations of a screen, without the console's own (the session and its configuration). */
export const screenOperations = (names: string[]) =>
  names.filter((name) => !name.startsWith('SessionProvider_'));
