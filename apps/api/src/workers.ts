// The job queue of one API process (lib/jobs.ts) by its API_ROLE: every role queues (the outbox),
// `all` and `worker` also run the mail and index build workers and the supervisor; `http` only
// queues, for a deployment whose workers run in processes of their own (docs/scaling.md).
import express, { type Express } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from './env.js';
import { startAiFeature, type AiFeature } from './features/ai/index.js';
import { healthRoutes } from './features/health/routes.js';
import { deliveryLogWriter } from './features/logs/writer.js';
import { releaseFailedClaim } from './features/participants/index.js';
import { anonymityThreshold, reportsService } from './features/reports/index.js';
import { gatewayPdfBuilder, startSendRuns, type SendRuns } from './features/supervisors/index.js';
import type { Tokens } from './lib/auth.js';
import { surveysService } from './features/surveys/index.js';
import type { Db } from './lib/db.js';
import { errorHandler, notFound } from './lib/errors.js';
import { jobsConnection, startJobs, type Jobs, type JobsConnection } from './lib/jobs.js';
import type { Logger } from './lib/logger.js';
import type { Mailer } from './lib/mail.js';
import type { Lifecycle } from '@survey/runtime/shutdown';
import {
  createMailQueues,
  MAIL_QUEUES,
  mailOutbox,
  startMailWorker,
  type MailOutbox,
} from './lib/mail-queue.js';

type JobsConfig = Config;

export interface ApiJobs {
  jobs: Jobs;
  outbox: MailOutbox;
  ai: AiFeature;
  /** "Send each supervisor their unit's results" runs (features/supervisors). */
  supervisorRuns: SendRuns;
  /** Starts this process's mail workers (again, after stopMailWorkers). */
  startMailWorkers(): Promise<void>;
  /** Stops taking mail jobs, after the ones in hand are done; the queue stays open. */
  stopMailWorkers(): Promise<void>;
  stop(): Promise<void>;
}

export async function startApiJobs(
  db: Db,
  config: JobsConfig,
  logger: Logger,
  mailer: Mailer,
  options: {
    connection?: JobsConnection;
    perAccount?: RateLimiterAbstract;
    /** Issues the supervisors' short-lived tokens the gateway builds their PDFs with. */
    pdfTokens?: Tokens;
  } = {},
): Promise<ApiJobs> {
  const connection = options.connection ?? jobsConnection(db, config.DATABASE_URL);
  const work = config.API_ROLE !== 'http';
  const jobs = await startJobs(connection, {
    schema: config.JOBS_SCHEMA,
    logger,
    supervise: work,
    superviseIntervalSeconds: config.JOBS_SUPERVISE_INTERVAL_SECONDS,
  });
  try {
    await createMailQueues(jobs, {
      retryLimit: config.MAIL_RETRY_LIMIT,
      retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS,
      expireSeconds: config.MAIL_EXPIRE_SECONDS,
    });
    const startMailWorkers = () =>
      startMailWorker(jobs, {
        mailer,
        log: deliveryLogWriter(db),
        logger,
        from: config.MAIL_FROM,
        concurrency: config.MAX_SMTP_CONNECTIONS,
        onFailed: (mail) => releaseFailedClaim(db, mail.context),
      });
    if (work) await startMailWorkers();
    // The search index build queue resumes any build a previous run left unfinished.
    const ai = await startAiFeature(db, jobs, config, logger, {
      work,
      perAccount: options.perAccount,
    });
    const outbox = mailOutbox(jobs);
    const supervisorRuns = await startSendRuns({
      db,
      jobs,
      outbox,
      surveys: surveysService(db),
      reports: reportsService(db, anonymityThreshold(config.ANONYMITY_THRESHOLD)),
      webUrl: config.WEB_URL,
      logger,
      work,
      pdfs:
        config.GATEWAY_URL && options.pdfTokens
          ? gatewayPdfBuilder(config.GATEWAY_URL, options.pdfTokens)
          : undefined,
    });
    return {
      jobs,
      outbox,
      ai,
      supervisorRuns,
      startMailWorkers,
      async stopMailWorkers() {
        for (const name of Object.values(MAIL_QUEUES))
          await jobs.boss.offWork(name, { wait: true });
      },
      stop: () => jobs.stop(),
    };
  } catch (error) {
    await jobs.stop();
    throw error;
  }
}

/** A worker process's HTTP: only /healthz and /readyz, for its orchestrator. */
export function workerApp(db: Db, lifecycle: Lifecycle): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(healthRoutes(db, lifecycle));
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
