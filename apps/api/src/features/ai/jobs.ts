// Search index builds run as pg-boss jobs in the API's own database (PostgreSQL or PGlite), so a
// build queued or half done when the API stops is picked up again when it starts. pg-boss speaks
// to the database through our Db: PGlite takes several statements in one call only through exec
// (the simple protocol), which pg-boss's schema setup needs, hence the fallback below.
import PgBoss from 'pg-boss';
import type { Db, SqlParam } from '../../lib/db.js';
import type { Logger } from '../../lib/logger.js';
import type { QueueStats } from '../../lib/metrics.js';

export const BUILD_QUEUE = 'ai-search-index-build';

export interface BuildJob {
  surveyId: string;
}

export interface AiJobs {
  enqueueBuild(job: BuildJob): Promise<string>;
  /** The build queue's jobs by state (/metrics). */
  stats(): Promise<QueueStats>;
  stop(): Promise<void>;
}

/** Counts a queue's jobs by state from pg-boss's job table (`schema` is env.ts's checked name). */
export async function queueStats(db: Db, schema: string, queue: string): Promise<QueueStats> {
  const rows = await db.query<{ state: string; jobs: number }>(
    `SELECT state::text AS state, count(*)::int AS jobs FROM ${schema}.job WHERE name = $1 GROUP BY state`,
    [queue],
  );
  const count = (...states: string[]) =>
    rows.filter((row) => states.includes(row.state)).reduce((sum, row) => sum + row.jobs, 0);
  return { queued: count('created', 'retry'), active: count('active'), failed: count('failed') };
}

const MULTIPLE_COMMANDS = '42601';

function bossDb(db: Db) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      try {
        return { rows: await db.query<Record<string, unknown>>(text, values as SqlParam[]) };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (values.length > 0 || code !== MULTIPLE_COMMANDS) throw error;
        await db.exec(text);
        return { rows: [] };
      }
    },
  };
}

export interface JobOptions {
  schema: string;
  logger: Logger;
  /** Builds one index; throws to let pg-boss retry it. */
  build(job: BuildJob): Promise<void>;
  /** False: queue only, no worker (a process that must not build). */
  work?: boolean;
  pollingIntervalSeconds?: number;
}

export async function startAiJobs(db: Db, options: JobOptions): Promise<AiJobs> {
  const boss = new PgBoss({
    db: bossDb(db),
    schema: options.schema,
    // Maintenance and cron need several connections' worth of timers; a build needs neither.
    supervise: false,
    schedule: false,
  });
  boss.on('error', (error) => options.logger.error({ err: error }, 'ai job queue'));
  await boss.start();
  // A build left active by a stopped API expires and is retried (the builder resumes).
  await boss.createQueue(BUILD_QUEUE, {
    name: BUILD_QUEUE,
    retryLimit: 3,
    retryDelay: 5,
    expireInSeconds: 30 * 60,
  });
  if (options.work !== false)
    await boss.work<BuildJob>(
      BUILD_QUEUE,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async (jobs) => {
        for (const job of jobs) await options.build(job.data);
      },
    );
  return {
    async enqueueBuild(job) {
      const id = await boss.send(BUILD_QUEUE, job, { singletonKey: job.surveyId });
      return id ?? 'already-queued';
    },
    stats: () => queueStats(db, options.schema, BUILD_QUEUE),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }),
  };
}
