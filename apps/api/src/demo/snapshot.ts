// A seeded database as a file: the end-to-end tests start one API per test file, and each seeding
// its own (initdb, migrations, demo data, the anonymity checks of the ended surveys) took most of
// a stack's start. One snapshot per run, opened by every stack through DATA_SNAPSHOT, does it once.
import { writeFile } from 'node:fs/promises';
import { parseConfig } from '../env.js';
import { anonymityThreshold, warmGates } from '../features/reports/index.js';
import { openPglite } from '../lib/db.js';
import { createLogger } from '../lib/logger.js';
import { migrate } from '../lib/migrate.js';
import { seedScale, type ScaleResult } from './scale.js';
import { seedDemo } from './seed.js';

/**
 * Writes a PGlite dump of a migrated database with the demo data and the anonymity gates' choices
 * for the ended surveys (kept in anonymity_choices), as an API with `overrides` would make them.
 * `scale`: also the scale profile's company and survey of that many participants (a test file that
 * needs more comments than the demo has writes its own snapshot with it); answered with its ids.
 */
export async function writeDemoSnapshot(
  file: string,
  overrides: { DEMO_PASSWORD?: string; ANONYMITY_THRESHOLD?: number } = {},
  scale?: { count: number; seed: string },
): Promise<ScaleResult | null> {
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: 'memory', ...overrides });
  const db = await openPglite();
  try {
    await migrate(db);
    await seedDemo(db, config.DEMO_PASSWORD);
    const scaled = scale ? await seedScale(db, scale) : null;
    const threshold = anonymityThreshold(config.ANONYMITY_THRESHOLD);
    await warmGates(db, threshold, createLogger('warn'));
    await writeFile(file, Buffer.from(await (await db.snapshot()).arrayBuffer()));
    return scaled;
  } finally {
    await db.close();
  }
}
