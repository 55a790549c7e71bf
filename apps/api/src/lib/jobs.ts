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
    inTransaction: (tx) => ({ db: transactionDb(tx) }),
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
