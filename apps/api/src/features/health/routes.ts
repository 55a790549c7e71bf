import { Router } from 'express';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import type { Lifecycle } from '@survey/runtime/shutdown';

const READY_TIMEOUT_MS = 2000;

/** `lifecycle`: once the process is shutting down, readiness fails at once (@survey/runtime). */
export function healthRoutes(db: Db, lifecycle: Lifecycle): Router {
  const router = Router();
  // The Node version tells an operator which runtime a deployment really runs on.
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', node: process.version });
  });
  router.get('/readyz', async (_req, res) => {
    if (lifecycle.draining) throw new HttpError('not-ready');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([db.query('SELECT 1'), timeout]);
    } catch {
      throw new HttpError('not-ready');
    } finally {
      clearTimeout(timer);
    }
    res.json({ status: 'ready' });
  });
  return router;
}
