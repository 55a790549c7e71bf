// Assembles the gateway: hardening, health, GraphiQL and Apollo behind one express app.
import type { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pino, type Logger } from 'pino';
import { createApolloServer } from './apollo.js';
import { createContext, type GatewayContext } from './context.js';
import type { GatewayConfig } from './env.js';
import { reportFileRoutes } from './features/reports/files.js';
import { fileRoutes } from './lib/files.js';
import { healthRoutes } from './lib/health.js';
import { errorHandler, notFound, requestLogging } from './lib/http.js';
import { playgroundRoutes } from './lib/playground.js';
import { signInRateLimit } from './lib/rate-limit.js';
import { RestClient } from './lib/rest-client.js';
import { createSchema } from './schema.js';

export interface Gateway {
  app: Express;
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

export async function createGateway(config: GatewayConfig): Promise<Gateway> {
  const logger = pino({ level: config.LOG_LEVEL, base: { app: 'gateway' } });
  const rest = new RestClient({
    baseUrl: config.API_URL,
    connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    headersTimeoutMs: config.UPSTREAM_HEADERS_TIMEOUT_MS,
    slowHeadersTimeoutMs: config.UPSTREAM_AI_TIMEOUT_MS,
    bodyTimeoutMs: config.UPSTREAM_BODY_TIMEOUT_MS,
    maxConnections: config.UPSTREAM_MAX_CONNECTIONS,
    retries: config.UPSTREAM_RETRIES,
  });
  const apollo = createApolloServer(config, createSchema());
  await apollo.start();

  const cookieOptions = { name: config.SESSION_COOKIE_NAME, secure: config.COOKIE_SECURE };
  const app = express();
  app.disable('x-powered-by');
  // No ETags: GraphQL answers POSTs, which nothing caches, and hashing every answer cost CPU per request.
  app.set('etag', false);
  app.set('trust proxy', trustProxy(config.TRUST_PROXY));
  app.use(requestLogging(logger));
  app.use(helmet());
  app.use(healthRoutes(rest));
  app.use(playgroundRoutes());
  app.use(
    '/graphql',
    cookieParser(),
    express.json({ limit: config.BODY_LIMIT }),
    ...signInRateLimit(config.LOGIN_RATE_LIMIT_PER_MINUTE, config.GRAPHQL_MAX_TOKENS),
    expressMiddleware(apollo, {
      context: ({ req, res }) => createContext(req, res, { rest, cookieOptions }),
    }),
  );
  // Imports and exports: the spreadsheets GraphQL does not carry, with the same session.
  app.use('/files', fileRoutes({ rest, cookieOptions }));
  // Tabular reports as CSV, read through the same Apollo server as /graphql.
  app.use(
    '/files',
    reportFileRoutes({
      apollo,
      context: (req, res) => createContext(req, res, { rest, cookieOptions }),
    }),
  );
  app.use(notFound);
  app.use(errorHandler);

  return {
    app,
    apollo,
    logger,
    async close() {
      await apollo.stop();
      await rest.close();
    },
  };
}
