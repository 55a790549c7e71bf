import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { PENDING_DEMO_ACCOUNT } from './demo/accounts.js';
import { demoInvitationUnsent, seedDemoIfEmpty } from './demo/seed.js';
import { accountService } from './features/account/service.js';
import {
  anonymityThreshold,
  endIdlePartitionWorkers,
  warmGates,
} from './features/reports/index.js';
import { createTokens } from './lib/auth.js';
import { tokenTtlSeconds, type Config } from './env.js';
import { deliveryLogWriter } from './features/logs/writer.js';
import { openDb, type Db } from './lib/db.js';
import { createLimits } from './lib/limits/limits.js';
import { openLimitStore } from './lib/limits/store.js';
import type { Logger } from './lib/logger.js';
import { createMailer } from './lib/mail.js';
import { startMailCatcher, type MailCatcher } from './lib/mail-catcher.js';
import { migrate } from './lib/migrate.js';
import { resolveJwtSecret } from './lib/secret.js';
import { startApiJobs, workerApp } from './workers.js';
import { gracefulClose, running } from '@survey/runtime/shutdown';

export interface RunningApi {
  url: string;
  port: number;
  db: Db;
  mailCatcher?: MailCatcher;
  /** True when this start created the demo data. */
  seeded: boolean;
  close(): Promise<void>;
}

/** Everything a running API needs, in order: database, migrations, demo data, mail, HTTP. */
export async function startRuntime(config: Config, logger: Logger): Promise<RunningApi> {
  const cleanups: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  // Last, after the server: the anonymity gates' worker threads (partition-thread.ts).
  cleanups.push(endIdlePartitionWorkers);
  try {
    const db = await openDb({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      snapshot: config.DATA_SNAPSHOT,
    });
    cleanups.push(() => db.close());
    const { applied } = await migrate(db);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
    const seeded = config.DEMO_DATA ? await seedDemoIfEmpty(db, config.DEMO_PASSWORD) : false;

    const mailCatcher = config.SMTP_URL
      ? undefined
      : await startMailCatcher({
          smtpPort: config.MAIL_CATCHER_SMTP_PORT,
          httpPort: config.MAIL_CATCHER_HTTP_PORT,
        });
    if (mailCatcher) cleanups.push(() => mailCatcher.close());
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL ?? mailCatcher?.smtpUrl ?? '',
      from: config.MAIL_FROM,
      maxConnections: config.MAX_SMTP_CONNECTIONS,
      log: deliveryLogWriter(db),
      logger,
    });
    cleanups.push(() => mailer.close());

    const jwtSecret = await resolveJwtSecret(config);
    const appConfig = { ...config, JWT_SECRET: jwtSecret };
    // Every limit counts in the database, or in Redis with REDIS_URL: shared by all instances.
    const limitStore = await openLimitStore(db, config.REDIS_URL);
    cleanups.push(() => limitStore.close());
    const limits = createLimits(limitStore, config);
    // Stopped before the mailer and the database (cleanups run in reverse).
    const jobs = await startApiJobs(db, config, logger, mailer, {
      perAccount: limits.aiPerAccount,
      // A supervisor's token for their PDF's build lives minutes, whatever the session lifetime.
      pdfTokens: createTokens(db, {
        secret: jwtSecret,
        previousSecret: config.JWT_SECRET_PREVIOUS,
        ttlSeconds: 5 * 60,
      }),
    });
    cleanups.push(() => jobs.stop());
    const { outbox, ai } = jobs;
    const lifecycle = running();
    const app =
      config.API_ROLE === 'worker'
        ? workerApp(db, lifecycle)
        : createApp({
            db,
            mailer,
            outbox,
            config: appConfig,
            logger,
            ai,
            limits,
            lifecycle,
            supervisorRuns: jobs.supervisorRuns,
          });
    if (config.DEMO_DATA && (await demoInvitationUnsent(db))) {
      // The invited demo account's confirmation link waits in the inbox, as a real invitation
      // would: queued on the first start that finds it unsent (a seeded snapshot's too).
      const tokens = createTokens(db, {
        secret: jwtSecret,
        previousSecret: config.JWT_SECRET_PREVIOUS,
        ttlSeconds: tokenTtlSeconds(config),
      });
      await accountService({ db, outbox, config: appConfig, tokens }).sendConfirmation(
        PENDING_DEMO_ACCOUNT.id,
      );
    }
    if (config.API_ROLE !== 'worker') {
      // The ended surveys' anonymity gates, built in the background while the API already
      // listens (warm.ts): a read needing a gate not yet built waits for that one gate only.
      const stopWarming = new AbortController();
      const warming = warmGates(
        db,
        anonymityThreshold(config.ANONYMITY_THRESHOLD),
        logger,
        stopWarming.signal,
      ).then(
        (warmed) => {
          if (warmed > 0) logger.info({ surveys: warmed }, 'anonymity gates prebuilt');
        },
        (error: unknown) => logger.warn({ err: error }, 'anonymity gates not prebuilt'),
      );
      // Closing stops after the gate being built (before the database closes under it).
      cleanups.push(async () => {
        stopWarming.abort();
        await warming;
      });
    }
    const server = createServer(app);
    const closeServer = gracefulClose(server, lifecycle, config.SHUTDOWN_GRACE_MS);
    // Callers (the gateway, a proxy) keep connections open and must be the side that closes an
    // idle one: when the server closes it as a request arrives, that request fails (ECONNRESET).
    // Node's 5 s is below common proxy idle timeouts (60 s). Shutdown closes idle ones..
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, config.HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
    cleanups.push(closeServer);

    const { port } = server.address() as AddressInfo;
    const host = ['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      port,
      db,
      mailCatcher,
      seeded,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
