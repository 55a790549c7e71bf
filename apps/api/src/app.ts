import { randomBytes, randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import { tokenTtlSeconds, type Config } from './env.js';
import { accountRoutes } from './features/account/index.js';
import { aiRoutes, BUILD_QUEUE, createAi, type AiFeature } from './features/ai/index.js';
import { commentsRoutes } from './features/comments/index.js';
import { companiesRoutes } from './features/companies/index.js';
import { configurationRoutes } from './features/configuration/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { openApiDocument } from './openapi.js';
import { surveysRoutes, surveysService } from './features/surveys/index.js';
import {
  exportRoutes,
  participantsImportRoutes,
  participantsRoutes,
} from './features/participants/index.js';
import { logsRoutes } from './features/logs/index.js';
import { questionnaireRoutes } from './features/questionnaire/index.js';
import {
  reportsRoutes,
  reportsService,
  anonymityThreshold,
  onGateBuild,
} from './features/reports/index.js';
import {
  supervisorsRoutes,
  supervisorsService,
  type SendRuns,
} from './features/supervisors/index.js';
import { usersImportRoutes, usersRoutes } from './features/users/index.js';
import { createTokens } from './lib/auth.js';
import type { Db } from './lib/db.js';
import { errorHandler, notFound } from './lib/errors.js';
import { createLimits, type Limits } from './lib/limits/limits.js';
import { postgresLimitStore } from './lib/limits/store.js';
import type { Logger } from './lib/logger.js';
import type { Mailer } from './lib/mail.js';
import type { MailOutbox } from './lib/mail-queue.js';
import { running, type Lifecycle } from '@survey/runtime/shutdown';
import { apiMetrics } from './lib/metrics.js';

export interface AppDeps {
  db: Db;
  mailer: Mailer;
  /** The mail queue's outbox (lib/mail-queue.ts): account mails, invitations and reminders. */
  outbox: MailOutbox;
  config: Config;
  logger: Logger;
  /** The AI feature with its index build queue (runtime.ts); without it, index builds answer 503. */
  ai?: AiFeature;
  /** Shutting down: /readyz fails (runtime.ts sets it on SIGTERM). */
  lifecycle?: Lifecycle;
  /** Every limit, in the shared store (runtime.ts); default, counted in `db`. */
  limits?: Limits;
  /** The supervisors' send runs on the job queue (workers.ts); without it, sending answers 503. */
  supervisorRuns?: SendRuns;
}

// A caller's request id is kept only when it is short and plain, so it cannot forge log lines.
const REQUEST_ID = /^[\w.:-]{1,128}$/;
// Probes and scrapes come every few seconds.
const UNLOGGED = new Set(['/healthz', '/readyz', '/metrics']);

export function createApp({
  db,
  mailer,
  outbox,
  config,
  logger,
  ai,
  lifecycle,
  supervisorRuns,
  ...deps
}: AppDeps): Express {
  const limits = deps.limits ?? createLimits(postgresLimitStore(db), config);
  // Without a configured secret tokens live as long as this process (DATA_DIR=memory, tests).
  const secret = config.JWT_SECRET ?? randomBytes(32).toString('base64url');
  const tokens = createTokens(db, {
    secret,
    previousSecret: config.JWT_SECRET_PREVIOUS,
    ttlSeconds: tokenTtlSeconds(config),
  });

  const aiFeature = ai ?? createAi(db, config, logger, undefined, undefined, limits.aiPerAccount);
  const { poolStats } = db;
  const { jobs } = aiFeature;
  const metrics = apiMetrics({
    ...(poolStats ? { pool: poolStats } : {}),
    queues: { ...(jobs ? { [BUILD_QUEUE]: () => jobs.stats() } : {}), ...outbox.stats },
    gateBuilds: onGateBuild,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The client address the gateway determined, believed from these hops only (lib/limits).
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(metrics.middleware);
  app.use(
    pinoHttp({
      logger,
      genReqId(req, res) {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      // A 503 that names its retry (a survey's results being prepared) is expected, not a failure.
      customLogLevel: (_req, res, error) =>
        res.statusCode === 503 && res.hasHeader('retry-after')
          ? 'info'
          : error || res.statusCode >= 500
            ? 'error'
            : 'info',
      autoLogging: { ignore: (req) => UNLOGGED.has(req.url ?? '') },
      // What a request line needs; headers (a kilobyte a request) are left out.
      serializers: {
        req: (req: { id: unknown; method: unknown; url: unknown }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: unknown }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(express.json({ limit: '1mb' }));

  app.use(healthRoutes(db, lifecycle ?? running()));
  // For the scraper on the internal network (docs/operations.md); the API's port is not published.
  app.get('/metrics', metrics.handler);
  app.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });
  app.use('/configuration', configurationRoutes(config.ANONYMITY_THRESHOLD));
  app.use('/account', accountRoutes({ db, outbox, config, tokens, limits }));
  app.use('/companies', companiesRoutes({ db, tokens }));
  // Before /surveys: it owns /surveys/participants, /surveys/invite and friends.
  app.use(participantsRoutes({ db, mailer, outbox, tokens, webUrl: config.WEB_URL }));
  // Before /surveys too: it owns /surveys/surveyresponders.
  app.use(
    reportsRoutes({
      db,
      tokens,
      anonymityThreshold: config.ANONYMITY_THRESHOLD,
      cellStats: config.REPORT_CELL_STATS,
      gateWaitMs: config.REPORT_GATE_WAIT_MS,
    }),
  );
  app.use('/surveys', surveysRoutes({ db, tokens, storedCounts: config.REPORT_CELL_STATS }));
  const supervisors = supervisorsService(db, {
    surveys: surveysService(db, { storedCounts: config.REPORT_CELL_STATS }),
    // The page's gated indexes wait for the survey's gate as every report read does, then answer
    // 503 gate-preparing (the send job, workers.ts, waits as long as it takes).
    reports: reportsService(db, anonymityThreshold(config.ANONYMITY_THRESHOLD), {
      gateWaitMs: config.REPORT_GATE_WAIT_MS,
    }),
  });
  app.use(
    '/supervisors',
    supervisorsRoutes({ service: supervisors, tokens, runs: supervisorRuns }),
  );
  app.use('/logging', logsRoutes({ db, tokens }));
  // Public: the participation token in the body is the credential.
  app.use('/questionnaire', questionnaireRoutes({ db, mailer, limits }));
  app.use('/adminsurveydata', commentsRoutes({ db, tokens }));
  app.use('/export', exportRoutes({ db, tokens, anonymityThreshold: config.ANONYMITY_THRESHOLD }));
  app.use('/user', usersRoutes({ db, outbox, config, tokens }));
  // Multipart uploads; each reads its own body with a 10 MB limit (lib/upload.ts).
  app.use(participantsImportRoutes({ db, tokens }));
  app.use(usersImportRoutes({ db, outbox, config, tokens }));
  app.use(aiRoutes({ service: aiFeature.service, usage: aiFeature.usage, tokens }));

  app.use(notFound);
  app.use(errorHandler);
  return app;
}
