import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';

export type SqlParam = string | number | boolean | Date | null | readonly string[] | object;

/**
 * `prepared`: on PostgreSQL, a named statement, parsed and planned once per connection instead of
 * on every call (for short statements on a hot path: their planning costs more than their run;
 * PostgreSQL may then reuse a generic plan, so not for queries whose best plan depends on the values).
 */
export interface QueryOptions {
  prepared?: boolean;
}

/** The one database interface features use; PGlite and PostgreSQL both speak `$1` parameters. */
export interface Db {
  query<T>(sql: string, params?: readonly SqlParam[], options?: QueryOptions): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Commits when `fn` resolves, rolls back when it throws. Nested calls join the outer transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The connection pool's state (PostgreSQL only; PGlite has one connection): /metrics. */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  /** Open connections, idle or in use. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is too small, or queries too slow. */
  waiting: number;
}

// Both drivers take JSON values as text; pg would otherwise turn arrays into PostgreSQL arrays.
const toDriver = (params: readonly SqlParam[]): unknown[] =>
  params.map((p) =>
    p !== null && typeof p === 'object' && !(p instanceof Date) && !Array.isArray(p)
      ? JSON.stringify(p)
      : p,
  );

function pgliteTx(tx: Transaction): Db {
  const db: Db = {
    query: async <T>(sql: string, params: readonly SqlParam[] = []) =>
      (await tx.query<T>(sql, toDriver(params))).rows,
    exec: async (sql) => void (await tx.exec(sql)),
    transaction: (fn) => fn(db),
    close: async () => undefined,
  };
  return db;
}

/**
 * Embedded PostgreSQL; `dataDir` undefined keeps everything in memory. `snapshot` (a
 * `dumpDataDir()` tarball) skips initdb, which is most of PGlite's start time.
 */
export type PgliteDb = Db & { snapshot(): Promise<Blob> };

export async function openPglite(dataDir?: string, snapshot?: Blob): Promise<PgliteDb> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir: path.resolve(dataDir) } : {}),
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  return {
    query: async <T>(sql: string, params: readonly SqlParam[] = []) =>
      (await pglite.query<T>(sql, toDriver(params))).rows,
    exec: async (sql) => void (await pglite.exec(sql)),
    transaction: (fn) => pglite.transaction((tx) => fn(pgliteTx(tx))),
    close: () => pglite.close(),
    snapshot: () => pglite.dumpDataDir('none') as Promise<Blob>,
  };
}

// PGlite reads int8 (count(*), identity ids) as numbers; make pg agree so features see one type.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const statementNames = new Map<string, string>();

/** What pg sends: a named (prepared) statement when asked, named by its text. */
function pgQuery(sql: string, params: readonly SqlParam[], options?: QueryOptions): pg.QueryConfig {
  const values = toDriver(params);
  if (!options?.prepared) return { text: sql, values };
  let name = statementNames.get(sql);
  if (!name) {
    name = `s${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values };
}

function clientDb(client: pg.PoolClient): Db {
  const db: Db = {
    query: async <T>(sql: string, params: readonly SqlParam[] = [], options?: QueryOptions) =>
      (await client.query(pgQuery(sql, params, options))).rows as T[],
    exec: async (sql) => void (await client.query(sql)),
    transaction: (fn) => fn(db),
    close: async () => undefined,
  };
  return db;
}

/** A PostgreSQL server through a `pg` pool; `schema` puts every table in that schema (tests). */
export function openPostgres(url: string, options: { schema?: string; max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types: pgTypes,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  return {
    query: async <T>(sql: string, params: readonly SqlParam[] = [], options?: QueryOptions) =>
      (await pool.query(pgQuery(sql, params, options))).rows as T[],
    exec: async (sql) => void (await pool.query(sql)),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * PostgreSQL when `databaseUrl` is set, else PGlite on disk under dataDir (or in memory, from the
 * `snapshot` dump file when given).
 */
export async function openDb(config: {
  databaseUrl?: string;
  dataDir: string;
  snapshot?: string;
}): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  if (config.dataDir !== 'memory') return openPglite(path.join(config.dataDir, 'pgdata'));
  return openPglite(
    undefined,
    config.snapshot ? new Blob([await readFile(config.snapshot)]) : undefined,
  );
}
