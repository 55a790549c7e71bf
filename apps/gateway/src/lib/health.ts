// Liveness answers without touching anything; readiness asks the REST API's own /readyz.
import { Router } from 'express';
import type { RestClient } from './rest-client.js';
import type { Lifecycle } from '@survey/runtime/shutdown';

/** `lifecycle`: once the process is shutting down, readiness fails at once (@survey/runtime). */
export function healthRoutes(rest: RestClient, lifecycle: Lifecycle): Router {
  const router = Router();
  // The Node version tells an operator which runtime a deployment really runs on.
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', node: process.version });
  });
  router.get('/readyz', async (req, res) => {
    if (lifecycle.draining) {
      res.status(503).json({ status: 'shutting down' });
      return;
    }
    try {
      const upstream = await rest.send({
        method: 'GET',
        path: '/readyz',
        requestId: String(req.id),
        idempotent: false,
      });
      const ready = upstream.status === 200;
      res
        .status(ready ? 200 : 503)
        .json({ status: ready ? 'ok' : 'unavailable', api: ready ? 'ok' : 'not ready' });
    } catch {
      res.status(503).json({ status: 'unavailable', api: 'unreachable' });
    }
  });
  return router;
}
