// Assembles the gateway: hardening, health, GraphiQL and Apollo behind one express app, with
// POST /graphql answered in front of it on the same layers (graphql-route.ts).
import type { RequestListener } from 'node:http';
import { availableParallelism } from 'node:os';
import type { ApolloServer } from '@apollo/server';
import express from 'express';
import helmet from 'helmet';
import { createApolloServer } from './apollo.js';
import { createContext, type GatewayContext } from './context.js';
import type { GatewayConfig } from './env.js';
import { reportFileRoutes } from './features/reports/files.js';
import { RenderPool } from './features/supervisors/pdf/pool.js';
import { supervisorPackagePdfRoutes } from './features/supervisors/pdf/routes.js';
import { apolloHandler, graphqlRoute } from './graphql-route.js';
import { fileRoutes } from './lib/files.js';
import { GatewayMetrics } from './lib/metrics.js';
import { createLogger, type Logger } from './lib/logger.js';
import { healthRoutes } from './lib/health.js';
import { errorHandler, notFound, requestLogging } from './lib/http.js';
import { playgroundRoutes } from './lib/playground.js';
import { mayTrySignIn, oneSignInPerRequest } from './lib/rate-limit.js';
import { RestClient } from './lib/rest-client.js';
import { running, type Lifecycle } from '@survey/runtime/shutdown';
import { createSchema } from './schema.js';

export interface Gateway {
  /** The HTTP server's request listener. */
  listener: RequestListener;
  apollo: ApolloServer<GatewayContext>;
  logger: Logger;
  /** Stops Apollo and closes the upstream connection pool (the HTTP server is the caller's). */
  close(): Promise<void>;
}

/** `TRUST_PROXY` as express reads it: a boolean, a hop count, or addresses/subnets. */
function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** `lifecycle`: set draining on shutdown and /readyz fails at once (index.ts). */
export async function createGateway(
  config: GatewayConfig,
  lifecycle: Lifecycle = running(),
): Promise<Gateway> {
  const logger = createLogger(config.LOG_LEVEL, config.LOG_FORMAT);
  const metrics = new GatewayMetrics();
  const rest = new RestClient({
    baseUrl: config.API_URL,
    connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    headersTimeoutMs: config.UPSTREAM_HEADERS_TIMEOUT_MS,
    slowHeadersTimeoutMs: config.UPSTREAM_AI_TIMEOUT_MS,
    bodyTimeoutMs: config.UPSTREAM_BODY_TIMEOUT_MS,
    maxConnections: config.UPSTREAM_MAX_CONNECTIONS,
    retries: config.UPSTREAM_RETRIES,
    observe: (method, outcome, start) => metrics.observeUpstream(method, outcome, start),
  });
  const apollo = createApolloServer(config, createSchema(), [metrics.apolloPlugin()]);
  await apollo.start();

  const cookieOptions = { name: config.SESSION_COOKIE_NAME, secure: config.COOKIE_SECURE };
  const context = { rest, cookieOptions };
  // The layers before Apollo, shared by express and POST /graphql's own route.
  const logging = requestLogging(logger);
  const headers = helmet();
  const body = express.json({ limit: config.BODY_LIMIT });
  const graphql = apolloHandler(apollo, (req, res) => createContext(req, res, context));

  const app = express();
  app.disable('x-powered-by');
  // No ETags: GraphQL answers POSTs, which nothing caches, and hashing every answer cost CPU per request.
  app.set('etag', false);
  app.set('trust proxy', trustProxy(config.TRUST_PROXY));
  app.use(logging);
  app.use(headers);
  app.use(healthRoutes(rest, lifecycle));
  // For the scraper on the internal network (docs/operations.md); aggregates only.
  app.get('/metrics', metrics.handler());
  if (config.GRAPHQL_PLAYGROUND) app.use(playgroundRoutes());
  app.use('/graphql', body, oneSignInPerRequest(config.GRAPHQL_MAX_TOKENS), graphql);
  // Imports and exports: the spreadsheets GraphQL does not carry, with the same session.
  app.use('/files', fileRoutes(context));
  // Tabular reports as CSV, read through the same Apollo server as /graphql.
  app.use(
    '/files',
    reportFileRoutes({ apollo, context: (req, res) => createContext(req, res, context) }),
  );
  // A supervisor's unit package as a PDF made on the server (the shared slide code).
  const pool = new RenderPool(config.PDF_RENDER_THREADS ?? availableParallelism());
  app.use(
    '/files',
    supervisorPackagePdfRoutes({
      apollo,
      context: (req, res) => createContext(req, res, context),
      rest,
      pool,
    }),
  );
  app.use(notFound);
  app.use(errorHandler);

  return {
    listener: graphqlRoute({
      layers: [logging, headers, body],
      answer: graphql,
      mayTrySignIn,
      express: app,
    }),
    apollo,
    logger,
    async close() {
      await apollo.stop();
      await pool.close();
      await rest.close();
    },
  };
}
