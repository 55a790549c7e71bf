// The API's Prometheus metrics (prom-client) at /metrics, for a scraper on the internal network
// (docs/operations.md): requests by route pattern (`/companies/:id`, never the ids themselves) and
// status, the PostgreSQL connection pool, the job queue, and the process's own (CPU, memory, event
// loop).
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { Gauge, Histogram, Registry } from 'prom-client';
import { processMetrics } from '@survey/runtime/metrics';
import type { PoolStats } from './db.js';

/** A job queue: waiting (created or to retry), running, and failed for good (kept until deleted). */
export interface QueueStats {
  queued: number;
  active: number;
  failed: number;
}

/** A gate build's timings (features/reports/gate.ts, GateBuild). */
export interface GateBuildTimes {
  readSeconds: number;
  partitionSeconds: number;
  checked: boolean;
}

export interface MetricSources {
  /** The database pool (PostgreSQL); absent on PGlite. */
  pool?: () => PoolStats;
  /** The job queues by name. */
  queues?: Record<string, () => Promise<QueueStats>>;
  /** Subscribes to the anonymity gate's builds. */
  gateBuilds?: (listener: (build: GateBuildTimes) => void) => unknown;
}

const ROUTE = Symbol('route pattern');
type RoutedRequest = IncomingMessage & { baseUrl: string; [ROUTE]?: string };

/**
 * Keeps the pattern of the route that answers (`/companies/:id`) as express's router matches it:
 * by the time the answer is finished, a request that left a router with an error has lost the
 * router's mount path (`req.baseUrl`), so it is read when `req.route` is set.
 */
function recordRoute(req: RoutedRequest): void {
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (typeof value?.path === 'string') req[ROUTE] = req.baseUrl + value.path;
    },
  });
}

export function apiMetrics(sources: MetricSources = {}) {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'api_http_request_duration_seconds',
    help: 'REST requests by method, route pattern and status (route "unmatched": no route answered)',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const { pool, queues = {}, gateBuilds } = sources;
  const gateBuild = new Histogram({
    name: 'api_anonymity_gate_build_seconds',
    help:
      'Anonymity gate builds (once per survey release and process): phase read (the atoms, on the event loop) ' +
      'or partition (in a worker); choice checked (a first build) or kept (a stored choice followed)',
    labelNames: ['phase', 'choice'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  gateBuilds?.(({ readSeconds, partitionSeconds, checked }) => {
    const choice = checked ? 'checked' : 'kept';
    gateBuild.observe({ phase: 'read', choice }, readSeconds);
    gateBuild.observe({ phase: 'partition', choice }, partitionSeconds);
  });
  if (pool)
    new Gauge({
      name: 'api_db_pool_connections',
      help: 'PostgreSQL pool: total and idle connections, and queries waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = pool();
        for (const state of ['total', 'idle', 'waiting'] as const)
          this.set({ state }, stats[state]);
      },
    });
  new Gauge({
    name: 'api_job_queue_jobs',
    help: 'Jobs by queue and state: queued (created or to retry), active, failed (for good)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      for (const [queue, stats] of Object.entries(queues)) {
        const counts = await stats();
        for (const state of ['queued', 'active', 'failed'] as const)
          this.set({ queue, state }, counts[state]);
      }
    },
  });

  /** Times every request; first in the chain, so that it sees each one. */
  const middleware: RequestHandler = (req, res, next) => {
    const start = process.hrtime.bigint();
    const routed = req as unknown as RoutedRequest;
    recordRoute(routed);
    res.once('finish', () => {
      const route = routed[ROUTE] ?? 'unmatched';
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      requests.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
    });
    next();
  };

  /** GET /metrics in Prometheus's text format. */
  const handler: RequestHandler = (_req, res, next) => {
    Registry.merge([processMetrics(), registry])
      .metrics()
      .then((text) => {
        res.setHeader('Content-Type', registry.contentType);
        res.setHeader('Cache-Control', 'no-store');
        res.end(text);
      }, next);
  };
  return { registry, middleware, handler };
}
