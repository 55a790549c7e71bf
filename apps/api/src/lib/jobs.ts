// The API's job queue: pg-boss 12 in the API's own database (PostgreSQL or PGlite). Search index
// builds and mail run through it, so work queued or half done when a process stops is taken up
// again by the next worker. Supervision is on in every process that works jobs: pg-boss's
// maintenance (one instance at a time, under an advisory lock) expires jobs whose worker died
// (by their heartbeat or expireInSeconds) so they are retried or fail visibly, and deletes finished
// jobs after their queue's deleteAfterSeconds.
import type { PGlite } from '@electric-sql/pglite';
import { PgBoss, fromPglite, type ConstructorOptions, type Db as IDatabase } from 'pg-boss';
import type { Db, SqlParam } from './db.js';
import type { Logger } from './logger.js';
import type { QueueStats } from './metrics.js';

/** Where pg-boss connects: a pool of its own on PostgreSQL, PGlite's own instance embedded. */
export type JobsConnection = { databaseUrl: string } | { pglite: PGlite };

export interface JobsOptions {
  schema: string;
  logger: Logger;
  /** Runs maintenance: expiring jobs of dead workers, retention. Off in an enqueue-only process. */
  supervise: boolean;
  superviseIntervalSeconds: number;
}

export interface Jobs {
  boss: PgBoss;
  /** A queue's jobs by state (/metrics). */
  stats(queue: string): Promise<QueueStats>;
  /** pg-boss's `db` option for a statement in the caller's transaction (the outbox). */
  inTransaction(tx: Db): { db: IDatabase };
  stop(): Promise<void>;
}

/** The connection for an open Db: PGlite's instance when it is one, else the server's URL. */
export function jobsConnection(db: Db, databaseUrl: string | undefined): JobsConnection {
  if (databaseUrl) return { databaseUrl };
  if ('pglite' in db) return { pglite: (db as { pglite: PGlite }).pglite };
  throw new Error('the job queue needs DATABASE_URL or an embedded PGlite database');
}

/** A transaction of ours as a pg-boss database (single statements with parameters only). */
export const transactionDb = (tx: Db): IDatabase => ({
  executeSql: async (text: string, values: unknown[] = []) => ({
    rows: await tx.query<Record<string, unknown>>(text, values as SqlParam[]),
  }),
});

/** Counts a queue's jobs by state from pg-boss's job table (`schema` is env.ts's checked name). */
async function queueStats(db: IDatabase, schema: string, queue: string): Promise<QueueStats> {
  const { rows } = (await db.executeSql(
    `SELECT state::text AS state, count(*)::int AS jobs FROM ${schema}.job WHERE name = $1 GROUP BY state`,
    [queue],
  )) as { rows: { state: string; jobs: number }[] };
  const count = (...states: string[]) =>
    rows.filter((row) => states.includes(row.state)).reduce((sum, row) => sum + row.jobs, 0);
  return { queued: count('created', 'retry'), active: count('active'), failed: count('failed') };
}

function connectionOptions(connection: JobsConnection): ConstructorOptions {
  if ('databaseUrl' in connection) return { connectionString: connection.databaseUrl, max: 4 };
  return { db: fromPglite(connection.pglite), backend: 'pglite' };
}

export async function startJobs(connection: JobsConnection, options: JobsOptions): Promise<Jobs> {
  const boss = new PgBoss({
    ...connectionOptions(connection),
    schema: options.schema,
    supervise: options.supervise,
    superviseIntervalSeconds: options.superviseIntervalSeconds,
    monitorIntervalSeconds: options.superviseIntervalSeconds,
    // Workers of notify queues (mail) wake when a job is committed instead of at their next poll.
    useListenNotify: true,
    schedule: false,
  });
  boss.on('error', (error: unknown) => options.logger.error({ err: error }, 'job queue'));
  // start() creates the schema or migrates an older pg-boss one (10 -> 12) under a lock.
  await boss.start();
  return {
    boss,
    stats: (queue) => queueStats(boss.getDb(), options.schema, queue),
    inTransaction: (tx) => ({ db: transactionDb(tx) }),
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
