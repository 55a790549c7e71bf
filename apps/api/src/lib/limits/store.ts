// Where every limit counts (docs/scaling.md): the API's own database by default, Redis when
// REDIS_URL is set. Both through rate-limiter-flexible; no count lives in one process's memory.
import { Redis } from 'ioredis';
import {
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Db } from '../db.js';

export interface LimitOptions {
  /** Names the limit; part of every key. */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface LimitStore {
  readonly kind: 'postgres' | 'redis';
  limiter(options: LimitOptions): RateLimiterAbstract;
  close(): Promise<void>;
}

/** The table of migration 020, rate-limiter-flexible's layout. */
const TABLE = 'rate_limits';

/**
 * The project's Db as the `pg` client RateLimiterPostgres calls (`query({ name, text, values })`
 * answering `{ rows, rowCount }`): PGlite and a PostgreSQL pool alike. A named statement is
 * prepared once per connection on PostgreSQL.
 */
function pgClient(db: Db) {
  return {
    async query(q: { name?: string; text: string; values?: (string | number | null)[] }) {
      const rows = await db.query(q.text, q.values ?? [], { prepared: q.name !== undefined });
      return { rows, rowCount: rows.length };
    },
  };
}

/** Counts in the API's database (PGlite or PostgreSQL), in the table of migration 020. */
export function postgresLimitStore(db: Db): LimitStore {
  const client = pgClient(db);
  return {
    kind: 'postgres',
    limiter: ({ name, points, durationSeconds }) =>
      new RateLimiterPostgres({
        storeClient: client,
        storeType: 'client',
        tableName: TABLE,
        tableCreated: true,
        keyPrefix: name,
        points,
        duration: durationSeconds,
        // The expired rows are deleted by one limiter's timer; every limiter shares the table.
        clearExpiredByTimeout: name === 'signin_address',
      }),
    close: async () => undefined,
  };
}

/**
 * Counts in Redis. `namespace` starts every key (tests give each run its own). Commands wait for
 * the connection at start, and fail rather than queue once it is lost: a limit that cannot be
 * checked answers an error, never an unlimited pass.
 */
export async function redisLimitStore(url: string, namespace = 'limits'): Promise<LimitStore> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`REDIS_URL: cannot connect to Redis (${reason})`, { cause: error });
  }
  return {
    kind: 'redis',
    limiter: ({ name, points, durationSeconds }) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${namespace}:${name}`,
        points,
        duration: durationSeconds,
      }),
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** Redis when `redisUrl` is set, else the API's database. */
export async function openLimitStore(db: Db, redisUrl?: string): Promise<LimitStore> {
  return redisUrl ? redisLimitStore(redisUrl) : postgresLimitStore(db);
}
