import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';

export type SqlParam = string | number | boolean | Date | null | readonly string[] | object;

/** The one database interface features use; PGlite and PostgreSQL both speak `$1` parameters. */
export interface Db {
  query<T>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Commits when `fn` resolves, rolls back when it throws. Nested calls join the outer transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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

function clientDb(client: pg.PoolClient): Db {
  const db: Db = {
    query: async <T>(sql: string, params: readonly SqlParam[] = []) =>
      (await client.query(sql, toDriver(params))).rows as T[],
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
    query: async <T>(sql: string, params: readonly SqlParam[] = []) =>
      (await pool.query(sql, toDriver(params))).rows as T[],
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
  };
}

/** PostgreSQL when `databaseUrl` is set, else PGlite on disk under dataDir (or in memory). */
export function openDb(config: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (config.databaseUrl) return Promise.resolve(openPostgres(config.databaseUrl));
  return openPglite(config.dataDir === 'memory' ? undefined : path.join(config.dataDir, 'pgdata'));
}
