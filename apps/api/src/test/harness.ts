// Runs a suite against real parts: PGlite in memory, and also PostgreSQL when DATABASE_URL is set
// (each run in its own fresh schema), with mail going over SMTP to a mail catcher on loopback.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Express } from 'express';
import supertest from 'supertest';
import { createApp } from '../app.js';
import { parseConfig, type Config, type ConfigOverrides } from '../env.js';
import { deliveryLogWriter } from '../features/logs/writer.js';
import { endIdlePartitionWorkers } from '../features/reports/index.js';
import type { Role } from '../lib/auth.js';
import { openPglite, openPostgres, type Db, type PgliteDb } from '../lib/db.js';
import { createLogger } from '../lib/logger.js';
import type { Jobs, JobsConnection } from '../lib/jobs.js';
import { createMailer, type Mailer } from '../lib/mail.js';
import type { MailOutbox } from '../lib/mail-queue.js';
import { startMailCatcher, type Mail, type MailCatcher } from '../lib/mail-catcher.js';
import { migrate } from '../lib/migrate.js';
import { hashPassword } from '../lib/passwords.js';
import { startApiJobs } from '../workers.js';

export type Backend = 'pglite' | 'postgres';

export const backends = (): Backend[] =>
  process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDb {
  db: Db;
  /** Where the job queue connects (the same database). */
  jobsConnection: JobsConnection;
  close(): Promise<void>;
}

/** PGlite from the run's snapshot (global-setup.mjs): skips initdb, most of PGlite's start time. */
async function openSnapshotPglite(): Promise<PgliteDb> {
  const file = process.env.API_TEST_PGLITE_SNAPSHOT;
  const snapshot = file && existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
  return openPglite(undefined, snapshot);
}

/** A fresh, empty schema `name` as the search path of `db`, migrated. */
async function migratedSchema(db: Db, name: string): Promise<void> {
  await db.exec(`CREATE SCHEMA ${name}; SET search_path TO ${name}`);
  await migrate(db);
}

/** A migrated, empty database of the given kind. */
export async function openTestDb(backend: Backend): Promise<TestDb> {
  if (backend === 'pglite') {
    const db = await openSnapshotPglite();
    await migrate(db);
    return { db, jobsConnection: { pglite: db.pglite }, close: () => db.close() };
  }
  const url = process.env.DATABASE_URL ?? '';
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = openPostgres(url, { schema, max: 5 });
  await migrate(db);
  const jobsUrl = new URL(url);
  jobsUrl.searchParams.set('options', `-c search_path=${schema}`);
  return {
    db,
    jobsConnection: { databaseUrl: jobsUrl.toString() },
    async close() {
      await db.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

// Starting PGlite costs about 2.5 s of CPU (loading the snapshot into its in-memory file system and
// starting PostgreSQL) against half a second for a migrated schema; describeEachDb blocks run one after
// another, so a test file starts PGlite once and gives each block an empty schema of its own, as the
// PostgreSQL backend does.
let filePglite: Promise<PgliteDb> | undefined;
let schemaInUse = false;

/** Like openTestDb, but a PGlite database is a fresh schema in this test file's one PGlite. */
async function openBlockDb(backend: Backend): Promise<TestDb> {
  if (backend !== 'pglite' || schemaInUse) return openTestDb(backend);
  schemaInUse = true;
  filePglite ??= openSnapshotPglite();
  const pglite = await filePglite;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await migratedSchema(pglite, schema);
  let closed = false;
  const live = () => {
    // After close the search path may name the next block's schema: a late write must not land there.
    if (closed) throw new Error('test database closed');
  };
  const db: Db = {
    query: (sql, params, options) => (live(), pglite.query(sql, params, options)),
    exec: (sql) => (live(), pglite.exec(sql)),
    transaction: (fn) => (live(), pglite.transaction(fn)),
    close: async () => undefined,
  };
  return {
    db,
    jobsConnection: { pglite: pglite.pglite },
    async close() {
      closed = true;
      await pglite.exec(`DROP SCHEMA ${schema} CASCADE; SET search_path TO public`);
      schemaInUse = false;
    },
  };
}

/** What a test file's blocks share: its PGlite, and the anonymity gates' waiting worker threads. */
async function closeFileResources(): Promise<void> {
  const pglite = filePglite;
  filePglite = undefined;
  await (await pglite)?.close();
  await endIdlePartitionWorkers();
}

export const PASSWORD = 'Correct1Horse';

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

export interface TestContext {
  backend: Backend;
  db: Db;
  config: Config;
  app: Express;
  mail: MailCatcher;
  mailer: Mailer;
  /** The mail queue's outbox; its worker runs in this context unless API_ROLE=http. */
  outbox: MailOutbox;
  jobsConnection: JobsConnection;
  /** This context's pg-boss schema. */
  jobsSchema: string;
  /** This context's job queue (pg-boss). */
  jobs: Jobs;
  /** Stops and starts this context's mail workers (the queue and its supervisor keep running). */
  stopWorkers(): Promise<void>;
  startWorkers(): Promise<void>;
  /** Resolves when no mail job is queued, retried or active (polls the job table). */
  mailsSettled(timeoutMs?: number): Promise<void>;
  http(): ReturnType<typeof supertest>;
  createUser(options?: {
    role?: Role;
    twoFactor?: boolean;
    confirmed?: boolean;
    language?: string;
    companyId?: string;
  }): Promise<TestUser>;
  /** The newest mail to `email` (waits for it to arrive). */
  mailTo(email: string, subject?: RegExp): Promise<Mail>;
}

let counter = 0;

/** Polls the job table until no mail job is queued, retried or active. */
export async function mailJobsSettled(db: Db, schema: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM ${schema}.job
       WHERE name LIKE 'mail-%' AND state IN ('created', 'retry', 'active')`,
    );
    if (row?.open === 0) return;
    if (Date.now() > deadline) throw new Error(`${row?.open ?? '?'} mail jobs still open`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Builds an app over an open database; `close` releases what this call started. */
export async function createContext(
  backend: Backend,
  testDb: Pick<TestDb, 'db' | 'jobsConnection'>,
  overrides: ConfigOverrides = {},
): Promise<TestContext & { close(): Promise<void> }> {
  const { db } = testDb;
  const config = parseConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    DATA_DIR: 'memory',
    WEB_URL: 'http://web.test',
    LOG_LEVEL: 'silent',
    JOBS_SCHEMA: `boss_${randomBytes(5).toString('hex')}`,
    // Failing mails fail fast: one retry after a second.
    MAIL_RETRY_LIMIT: 1,
    MAIL_RETRY_DELAY_SECONDS: 1,
    // Suites sign in far more often than a person; the limit's own tests set it (lib/limits).
    LOGIN_RATE_LIMIT_PER_MINUTE: 100_000,
    // Suites read surveys they have just made: their reads wait for the gate, as before the 2 s
    // wait; at load 20 a small survey's first gate took longer. gate-wait.test.ts holds the wait.
    REPORT_GATE_WAIT_MS: 120_000,
    ...overrides,
  });
  const logger = createLogger(config.LOG_LEVEL);
  const mail = await startMailCatcher();
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL ?? mail.smtpUrl,
    from: config.MAIL_FROM,
    maxConnections: config.MAX_SMTP_CONNECTIONS,
    log: deliveryLogWriter(db),
    logger,
  });
  const jobs = await startApiJobs(db, config, logger, mailer, {
    connection: testDb.jobsConnection,
  });
  const app = createApp({
    db,
    mailer,
    outbox: jobs.outbox,
    config,
    logger,
    ai: jobs.ai,
    supervisorRuns: jobs.supervisorRuns,
  });
  return {
    backend,
    db,
    config,
    app,
    mail,
    mailer,
    outbox: jobs.outbox,
    jobsConnection: testDb.jobsConnection,
    jobs: jobs.jobs,
    stopWorkers: () => jobs.stopMailWorkers(),
    startWorkers: () => jobs.startMailWorkers(),
    jobsSchema: config.JOBS_SCHEMA,
    mailsSettled: (timeoutMs) => mailJobsSettled(db, config.JOBS_SCHEMA, timeoutMs),
    http: () => supertest(app),
    async createUser(options = {}) {
      counter += 1;
      const email = `person${counter}.${randomBytes(3).toString('hex')}@example.test`;
      const confirmed = options.confirmed ?? true;
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO users (email, display_name, role, language, password_hash, email_confirmed,
           two_factor_enabled, company_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          email,
          `Person ${counter}`,
          options.role ?? 'User',
          options.language ?? 'en-US',
          confirmed ? await hashPassword(PASSWORD) : null,
          confirmed,
          options.twoFactor ?? false,
          options.companyId ?? null,
        ],
      );
      if (!row) throw new Error('user not created');
      return { id: row.id, email, password: PASSWORD };
    },
    mailTo: (email, subject) =>
      mail.waitFor((m) => m.to.includes(email) && (!subject || subject.test(m.subject))),
    async close() {
      await jobs.stop();
      await mailer.close();
      await mail.close();
      await db.exec(`DROP SCHEMA IF EXISTS ${config.JOBS_SCHEMA} CASCADE`).catch(() => undefined);
    },
  };
}

let closeRegistered = false;

/**
 * Declares the suite once per database backend, sharing one database and app per backend
 * (PGlite takes seconds to start); tests create their own users so they do not interfere.
 */
export function describeEachDb(
  name: string,
  define: (ctx: () => TestContext) => void,
  overrides: ConfigOverrides = {},
): void {
  if (!closeRegistered) {
    // At the file's top level (describeEachDb is called there): after the file's last block.
    afterAll(closeFileResources);
    closeRegistered = true;
  }
  for (const backend of backends()) {
    describe(`${name} [${backend}]`, () => {
      let context: (TestContext & { close(): Promise<void> }) | undefined;
      let database: TestDb | undefined;
      beforeAll(async () => {
        database = await openBlockDb(backend);
        context = await createContext(backend, database, overrides);
      });
      afterAll(async () => {
        await context?.close();
        await database?.close();
      });
      define(() => {
        if (!context) throw new Error('test context not ready');
        return context;
      });
    });
  }
}

/** The path part of the first link in a mail that contains `pathPart`. */
export function linkIn(mail: Mail, pathPart: string): URL {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no link with ${pathPart} in: ${mail.text}`);
  return new URL(link);
}

export const problemOf = (body: unknown) => body as { detail: string; errors?: unknown };
