// Graceful shutdown of the API and the gateway: from the first signal readiness fails, the listener
// closes, idle keep-alive connections close, and the requests already accepted finish (their answers
// say `Connection: close`) within the grace period; whatever is still open after it is cut.
import type { Server, ServerResponse } from 'node:http';

/** Read by /readyz: true from the start of the shutdown on. */
export interface Lifecycle {
  draining: boolean;
}

export const running = (): Lifecycle => ({ draining: false });

/** Tracks `server`'s requests from now on; the returned function shuts it down gracefully. */
export function gracefulClose(
  server: Server,
  lifecycle: Lifecycle,
  graceMs: number,
): () => Promise<void> {
  const open = new Set<ServerResponse>();
  // Before the app's own listener, so the header is set before any answer is written.
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (lifecycle.draining) res.setHeader('connection', 'close');
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      // A connection whose answer was already under way when the shutdown began is idle now.
      if (lifecycle.draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  let closing: Promise<void> | undefined;
  return () =>
    (closing ??= new Promise<void>((resolve) => {
      lifecycle.draining = true;
      for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
      const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
      server.close(() => {
        clearTimeout(deadline);
        resolve();
      });
      server.closeIdleConnections();
    }));
}
