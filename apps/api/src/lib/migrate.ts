import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.js';

// The build copies src/db/migrations to dist/db/migrations, so this path works from both.
const migrationsDir = fileURLToPath(new URL('../db/migrations/', import.meta.url));
const FILE = /^(\d{3})_[a-z0-9_]+\.sql$/;
// Any constant works; it only keeps two starting servers from migrating the same database at once.
const MIGRATION_LOCK = 4_100_001;

export interface MigrationResult {
  applied: string[];
}

/** Applies the migrations not yet in schema_migrations, in order, in one transaction. */
export async function migrate(db: Db, dir = migrationsDir): Promise<MigrationResult> {
  const files = (await readdir(dir)).filter((name) => FILE.test(name)).sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map(
        (row) => row.version,
      ),
    );
    const applied: string[] = [];
    for (const name of files) {
      const version = name.slice(0, 3);
      if (done.has(version)) continue;
      await tx.exec(await readFile(`${dir}/${name}`, 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        version,
        name,
      ]);
      applied.push(name);
    }
    return { applied };
  });
}
