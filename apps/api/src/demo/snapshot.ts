// A seeded database as a file: the end-to-end tests start one API per test file, and each seeding
// its own (initdb, migrations, demo data, the anonymity checks of the ended surveys) took most of
// a stack's start. One snapshot per run, opened by every stack through DATA_SNAPSHOT, does it once.
import { writeFile } from 'node:fs/promises';
import { parseConfig } from '../env.js';
import { anonymityThreshold, warmGates } from '../features/reports/index.js';
import { openPglite } from '../lib/db.js';
import { createLogger } from '../lib/logger.js';
import { migrate } from '../lib/migrate.js';
import { seedDemo } from './seed.js';

/**
 * Writes a PGlite dump of a migrated database with the demo data and the anonymity gates' choices
 * for the ended surveys (kept in anonymity_choices), as an API with `overrides` would make them.
 */
export async function writeDemoSnapshot(
  file: string,
  overrides: { DEMO_PASSWORD?: string; ANONYMITY_THRESHOLD?: number } = {},
): Promise<void> {
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: 'memory', ...overrides });
  const db = await openPglite();
  try {
    await migrate(db);
    await seedDemo(db, config.DEMO_PASSWORD);
    const threshold = anonymityThreshold(config.ANONYMITY_THRESHOLD);
    await warmGates(db, threshold, createLogger('warn'));
    await writeFile(file, Buffer.from(await (await db.snapshot()).arrayBuffer()));
  } finally {
    await db.close();
  }
}
