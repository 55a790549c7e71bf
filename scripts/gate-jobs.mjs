#!/usr/bin/env node
// The anonymity gate's partition jobs (apps/api/src/features/reports/partition-job.ts) of the demo
// surveys and scale profiles, written to a directory as JSON: the exact input of the gate's choice,
// so a build can be timed and its result compared without seeding again (scripts/gate-build.mjs).
// After `npm run build`: `node scripts/gate-jobs.mjs <dir> [scale ...]` (e.g. 1000 50000 200000).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from '../apps/api/dist/lib/db.js';
import { migrate } from '../apps/api/dist/lib/migrate.js';
import { seedDemo } from '../apps/api/dist/demo/seed.js';
import { seedScale } from '../apps/api/dist/demo/scale.js';
import { BACKGROUND, BACKGROUND_KEYS } from '../apps/api/dist/lib/questionnaire.js';
import { valueReader } from '../apps/api/dist/features/reports/cells.js';
import { partitionJob } from '../apps/api/dist/features/reports/partition-job.js';
import { currentRelease } from '../apps/api/dist/features/reports/release.js';

const T = 5;
// As gate.ts reads them (its ATOMS query).
const ATOMS = `SELECT r.unit_ids::text[] AS units, r.release, ${BACKGROUND_KEYS.map(
  (key) => `r.${BACKGROUND[key].column} AS "${key}"`,
).join(', ')}, count(*)::int AS n
  FROM responses r
  WHERE r.survey_id = $1 AND r.finished_at IS NOT NULL AND r.release <= $2
  GROUP BY r.unit_ids, r.release, ${BACKGROUND_KEYS.map((key) => `r.${BACKGROUND[key].column}`).join(', ')}
  ORDER BY 1, 2, ${BACKGROUND_KEYS.map((_, k) => k + 3).join(', ')}`;

const [dir = 'gate-jobs', ...scales] = process.argv.slice(2);
mkdirSync(dir, { recursive: true });
const db = await openPglite();
try {
  await migrate(db);
  await seedDemo(db, 'DemoPass2026');
  const scaleIds = new Map();
  for (const count of scales) {
    const { surveyId } = await seedScale(db, { count: Number(count) });
    scaleIds.set(surveyId, `scale-${count}`);
  }
  const surveys = await db.query(
    `SELECT s.id, s.name, s.company_id AS "companyId" FROM surveys s
     WHERE EXISTS (SELECT 1 FROM responses r WHERE r.survey_id = s.id AND r.finished_at IS NOT NULL)
     ORDER BY s.name`,
  );
  for (const survey of surveys) {
    const { release } = await currentRelease(db, survey.id, T);
    const [rows, units] = await Promise.all([
      db.query(ATOMS, [survey.id, release]),
      db.query('SELECT id, index FROM units WHERE company_id = $1', [survey.companyId]),
    ]);
    const atoms = rows.map(({ units: ids, release: batch, n, ...background }) => ({
      units: ids,
      background,
      release: batch,
      n,
    }));
    const levels = new Map(units.map((unit) => [unit.id, unit.index]));
    const job = partitionJob(atoms, levels, valueReader(levels), T, undefined, 'best');
    const name = scaleIds.get(survey.id) ?? survey.name.replace(/[^\p{L}\p{N}]+/gu, '-');
    const plain = Object.fromEntries(
      Object.entries(job).map(([key, value]) => [
        key,
        value instanceof Int32Array ? Array.from(value) : value,
      ]),
    );
    writeFileSync(join(dir, `${name}.json`), JSON.stringify(plain));
    console.log(`${name}: ${atoms.length} atoms, ${job.n.reduce((a, b) => a + b, 0)} people`);
  }
} finally {
  await db.close();
}
