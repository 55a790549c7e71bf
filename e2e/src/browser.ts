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
