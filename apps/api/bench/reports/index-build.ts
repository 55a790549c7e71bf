// The AI search index build with and without what the cell statistics added (issue 30: "the index
// build does not get slower"), side by side in one process on a scale profile, and what gating the
// batch adds: the batch's statistics made from its rows.
// The cell statistics touch the build's path only through migration 024's two comment indexes
// (comments_page_idx, comments_hidden_idx: the planner may read the build's comments through
// them, and every comment written maintains them); the build itself reads no report. So "without"
// is the same build with those two indexes dropped; they are made again afterwards (timed: what the
// migration costs on this profile). Rounds alternate which goes first, so the load drifts into
// both alike; each build starts from an empty index (queued anew).
// Options: --count N (the profile's participants, default 10,000; seeded once per database and
// reused), --rounds N (default 3). Run (scripts/bench-index-build.mjs does, on PGlite and PostgreSQL):
// DATABASE_URL=… (or DATA_DIR=… for PGlite) npx tsx bench/reports/index-build.ts --count 10000
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { seedScale } from '../../src/demo/scale.js';
import { seedDemo } from '../../src/demo/seed.js';
import { loadConfig } from '../../src/env.js';
import { openDb } from '../../src/lib/db.js';
import { createLogger } from '../../src/lib/logger.js';
import { migrate } from '../../src/lib/migrate.js';
import { createAi } from '../../src/features/ai/setup.js';
import { queueIndex } from '../../src/features/ai/search/search-index.js';
import { batchStats } from '../../src/features/reports/cell-stats/build.js';
import { currentRelease } from '../../src/features/reports/release.js';

const { values: args } = parseArgs({
  options: { count: { type: 'string' }, rounds: { type: 'string' } },
});
const COUNT = Number(args.count ?? 10_000);
const ROUNDS = Number(args.rounds ?? 3);
// Migration 024's comment indexes, as it makes them.
const INDEXES = [
  `CREATE INDEX comments_page_idx ON comments (survey_id, type, criterion_id, created_at, id)
    WHERE NOT hidden`,
  'CREATE INDEX comments_hidden_idx ON comments (survey_id) WHERE hidden',
];

const config = loadConfig();
const backend = config.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);

await migrate(db);
let started = performance.now();
// As `npm run seed -- --scale`: the demo's users (the index's creator) and the profile.
await seedDemo(db, config.DEMO_PASSWORD);
const scale = await seedScale(db, { count: COUNT });
console.log(`${backend}: ${COUNT.toLocaleString('en')} profile ready in ${seconds(started)} s`);
// As the survey's first report read does: release the finished responses, then what a server's
// autovacuum does after a bulk load (PGlite has none).
const { release } = await currentRelease(db, scale.surveyId, config.ANONYMITY_THRESHOLD);
for (const table of ['responses', 'comments']) await db.exec(`VACUUM ANALYZE ${table}`);

started = performance.now();
const stats = await batchStats(db, scale.surveyId, release);
console.log(
  `${backend}: the batch's cell statistics (what gating it adds): ${stats.blocks.length} blocks ` +
    `from the rows in ${seconds(started)} s`,
);

const [admin] = await db.query<{ id: string }>("SELECT id FROM users WHERE role = 'Admin' LIMIT 1");
const { service } = createAi(db, { ...config, AI_BASE_URL: undefined }, createLogger('warn'));
const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
  'SELECT count(*)::int AS n FROM comments WHERE survey_id = $1 AND NOT hidden',
  [scale.surveyId],
);

/** One build from an empty index, in ms. */
async function build(): Promise<number> {
  await queueIndex(db, {
    surveyId: scale.surveyId,
    baseSurveyId: null,
    vectorModel: 'hashed-char-ngrams',
    userId: admin?.id ?? '',
  });
  const at = performance.now();
  await service.build(scale.surveyId);
  return performance.now() - at;
}

const times = { with: [] as number[], without: [] as number[] };
const remade: number[] = [];
const before = load();
await build(); // warm-up: the first build reads the comments into the cache
for (let round = 0; round < ROUNDS; round += 1) {
  const order = round % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const);
  for (const variant of order) {
    if (variant === 'with') {
      times.with.push(await build());
      continue;
    }
    await db.exec('DROP INDEX comments_page_idx; DROP INDEX comments_hidden_idx');
    try {
      times.without.push(await build());
    } finally {
      const at = performance.now();
      for (const statement of INDEXES) await db.exec(statement);
      remade.push(performance.now() - at);
    }
  }
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
const line = (values: number[]) =>
  `median ${(median(values) / 1000).toFixed(2)} s (${values.map((v) => (v / 1000).toFixed(2)).join(', ')})`;
console.log(
  `${backend}: AI search index of ${n.toLocaleString('en')} comments, ${ROUNDS} rounds alternating\n` +
    `  with the cell statistics' comment indexes     ${line(times.with)}\n` +
    `  without them (dropped)                        ${line(times.without)}\n` +
    `  ratio with / without ${(median(times.with) / median(times.without)).toFixed(2)}x; ` +
    `the two indexes made in ${(median(remade) / 1000).toFixed(2)} s; ` +
    `load average ${before} before, ${load()} after`,
);
await db.close();
