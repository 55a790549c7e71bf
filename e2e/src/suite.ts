// One running console and one Chromium per test file, started before its tests and stopped after.
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { trackRequests } from './navigate.js';
import { startStack, type Stack } from './stack.js';

type StackOptions = Parameters<typeof startStack>[0];

export interface Suite {
  /** The running api, gateway and web server of this file. */
  readonly stack: Stack;
  /** A page in a new browser context: no cookies or storage shared with other tests. */
  freshPage(): Promise<Page>;
}

export function consoleSuite(options?: StackOptions): Suite {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  before(async () => {
    stack = await startStack(options);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the console suite has not started');
    return value;
  };
  return {
    get stack() {
      return started(stack);
    },
    async freshPage() {
      const page = await (await started(browser).newContext()).newPage();
      trackRequests(page);
      return page;
    },
  };
}
