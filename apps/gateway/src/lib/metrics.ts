// The gateway's Prometheus metrics (prom-client) at /metrics, for a scraper on the internal network
// (docs/operations.md): GraphQL operations by name with their latency, errors by code, the REST
// calls to the API, and the process's own (CPU, memory, event loop). Nothing in them is about a
// user: the labels are operation names (a bounded set), error codes, methods and statuses.
import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestHandler } from 'express';
import { Counter, Histogram, Registry } from 'prom-client';
import { processMetrics } from '@survey/runtime/metrics';

// Clients name their operations; past this many names, new ones count as `other`, so that a client
// inventing names cannot grow the metrics without bound.
const MAX_OPERATION_NAMES = 200;
const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,49}$/;

const seconds = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e9;

export class GatewayMetrics {
  readonly registry = new Registry();
  readonly #names = new Set<string>();
  readonly #operations = new Histogram({
    name: 'gateway_graphql_operation_duration_seconds',
    help: 'GraphQL operations by name and outcome (error: the answer carries errors)',
    labelNames: ['operation', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly #errors = new Counter({
    name: 'gateway_graphql_errors_total',
    help: 'GraphQL errors answered, by extensions.code',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  readonly #upstream = new Histogram({
    name: 'gateway_upstream_request_duration_seconds',
    help: 'REST calls to the API by method and outcome (HTTP status, or the failure: no_response, unreachable, aborted)',
    labelNames: ['method', 'outcome'] as const,
    registers: [this.registry],
  });

  /** The label of an operation name: itself while the set is small, else `other`. */
  operationLabel(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (!GRAPHQL_NAME.test(name)) return 'invalid';
    if (this.#names.has(name)) return name;
    if (this.#names.size >= MAX_OPERATION_NAMES) return 'other';
    this.#names.add(name);
    return name;
  }

  /** Times each GraphQL request and counts its errors by code. */
  apolloPlugin<Context extends object>(): ApolloServerPlugin<Context> {
    const operations = this.#operations;
    const errors = this.#errors;
    const label = (name: string | null | undefined) => this.operationLabel(name);
    return {
      async requestDidStart() {
        const start = process.hrtime.bigint();
        return {
          async didEncounterErrors(context) {
            for (const error of context.errors) {
              const code = String(error.extensions.code ?? 'INTERNAL_SERVER_ERROR');
              errors.inc({ code: ERROR_CODE.test(code) ? code : 'OTHER' });
            }
          },
          async willSendResponse(context) {
            const outcome = context.errors?.length ? 'error' : 'ok';
            operations.observe(
              { operation: label(context.operationName), outcome },
              seconds(start),
            );
          },
        };
      },
    };
  }

  /** One REST call's time until its answer was read, or until it failed. */
  observeUpstream(method: string, outcome: string | number, start: bigint): void {
    this.#upstream.observe({ method, outcome: String(outcome) }, seconds(start));
  }

  /** GET /metrics in Prometheus's text format. */
  handler(): RequestHandler {
    return (_req, res, next) => {
      Registry.merge([processMetrics(), this.registry])
        .metrics()
        .then((text) => {
          res.setHeader('Content-Type', this.registry.contentType);
          res.setHeader('Cache-Control', 'no-store');
          res.end(text);
        }, next);
    };
  }
}
