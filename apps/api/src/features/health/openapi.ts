// Liveness, readiness and metrics in the OpenAPI description.
import type { Operation } from '../../lib/openapi.js';

export const healthOperations: Operation[] = [
  {
    method: 'get',
    path: '/healthz',
    summary: 'The process is up',
    access: 'public',
    success: {
      status: 200,
      description: '{ status: "ok", node: "v24.…" } (the Node version it runs on)',
    },
  },
  {
    method: 'get',
    path: '/readyz',
    summary: 'The database answers (503 when it does not)',
    access: 'public',
    success: { status: 200, description: '{ status: "ready" }' },
  },
  {
    method: 'get',
    path: '/metrics',
    summary: 'Prometheus metrics, for a scraper on the internal network (docs/operations.md)',
    access: 'public',
    success: { status: 200, description: "Prometheus's text format" },
  },
];
