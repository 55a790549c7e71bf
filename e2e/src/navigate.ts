// Moving between routes inside the running console, as its own links do, instead of a full page
// load: a full load boots the React app again (about 2 s of CPU each), which a suite visiting dozens
// of routes in one session need not pay for every route.
import type { Page } from 'playwright-core';

/** How long no request may be in flight for the page to count as settled (Playwright's networkidle). */
const QUIET_MS = 500;

interface RequestsInFlight {
  settled(): Promise<void>;
}

const tracked = new WeakMap<Page, RequestsInFlight>();

/**
 * Counts the page's requests in flight from now on (suite.ts does it for every page it opens), so a
 * test can wait for what a route change loads: after a history push,
 * `waitForLoadState('networkidle')` answers at once (the document's load is long over).
 */
export function trackRequests(page: Page): void {
  const open = new Set<unknown>();
  let lastChange = Date.now();
  const done = (request: unknown) => {
    open.delete(request);
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    open.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  tracked.set(page, {
    async settled() {
      for (;;) {
        const quietFor = Date.now() - lastChange;
        if (open.size === 0 && quietFor >= QUIET_MS) return;
        await new Promise((resolve) =>
          setTimeout(resolve, open.size === 0 ? QUIET_MS - quietFor : 50),
        );
      }
    },
  });
}

/** Resolves once none of the page's requests has been in flight for 500 ms. */
export async function settled(page: Page): Promise<void> {
  const requests = tracked.get(page);
  if (!requests) throw new Error('the page was not opened by the console suite (trackRequests)');
  await requests.settled();
}

/**
 * Opens `path` (path, search and hash) in the console's router without reloading: pushes it onto the
 * history and tells the router, as the browser's back and forward buttons do.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/**
 * Opens `path` inside the app once the page before it has settled (a page may still move itself,
 * e.g. the dashboard adding its company to the address), and waits until what the route loads (its
 * code, texts and data) has arrived.
 */
export async function openSettled(page: Page, path: string): Promise<void> {
  await settled(page);
  await openInApp(page, path);
  await settled(page);
}
