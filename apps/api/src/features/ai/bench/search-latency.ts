// End-to-end Ask search latency on the 50,000-participant profile (23,000+ comments): the service's
// search as the REST call runs it (survey and role checks, the index's status, the anonymity gate's
// comment ids for the searcher, the in-memory index, hybrid ranking, the hits' rows read through
// the gate, the embedded answer), median and p95 over the labelled queries; first as an Admin over
// the whole survey, then with a unit filter (a level-1 unit: the gate judges the filtered set).
// The first search after a build loads and decodes the index (reported apart, "cold"); the
// responses are released and analysed before (see below), as a running system has them.
// The profile must be seeded in that database first (`npm run seed -- --scale 50000`);
// scripts/bench-ai.mjs does it for PostgreSQL (schema bench_ai) and PGlite (a temporary directory).
// Run: DATABASE_URL=… (or DATA_DIR=… for PGlite) npx tsx src/features/ai/bench/search-latency.ts
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../../env.js';
import type { AuthUser } from '../../../lib/auth.js';
import { openDb } from '../../../lib/db.js';
import { createLogger } from '../../../lib/logger.js';
import { migrate } from '../../../lib/migrate.js';
import { currentRelease } from '../../reports/release.js';
import { createAi } from '../setup.js';
import { queueIndex } from '../search-index.js';
import { QUERIES } from './queries.js';

const config = loadConfig();
const backend = config.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(db);
const [scale] = await db.query<{ id: string; n: number }>(
  `SELECT s.id, count(c.id)::int AS n FROM surveys s JOIN comments c ON c.survey_id = s.id
    GROUP BY s.id ORDER BY n DESC LIMIT 1`,
);
const [admin] = await db.query<AuthUser>(
  `SELECT id, role, company_id AS "companyId", token_version AS "tokenVersion" FROM users
    WHERE role = 'Admin' LIMIT 1`,
);
if (!scale || !admin) throw new Error('no seeded scale survey or Admin');
const [unit] = await db.query<{ id: string }>(
  `SELECT u.id FROM units u JOIN surveys s ON s.company_id = u.company_id
    WHERE s.id = $1 AND u.index = 1 ORDER BY u.name LIMIT 1`,
  [scale.id],
);
// What the survey's first report read does: release the finished responses (a seeded profile has
// none released yet), then what a server's autovacuum does after 50,000 updated rows (PGlite has
// none): fresh planner statistics (without them the gate's join runs by nested loops) and the old
// row versions cleared (a scan of the responses read them all, about 3x slower).
const released = performance.now();
await currentRelease(db, scale.id, config.ANONYMITY_THRESHOLD);
for (const table of ['responses', 'comments']) await db.exec(`VACUUM ANALYZE ${table}`);
console.log(
  `${backend}: responses released and vacuumed in ${((performance.now() - released) / 1000).toFixed(1)} s`,
);
const { service } = createAi(db, { ...config, AI_BASE_URL: undefined }, createLogger('warn'));
const built = performance.now();
await queueIndex(db, {
  surveyId: scale.id,
  baseSurveyId: null,
  vectorModel: 'hashed-char-ngrams',
  userId: admin.id,
});
await service.build(scale.id);
console.log(
  `${backend}: index of ${scale.n} comments built in ${((performance.now() - built) / 1000).toFixed(1)} s`,
);

const search = (query: string, selectedUnits: string[]) =>
  service.search(admin, {
    surveyId: scale.id,
    searchQuery: query,
    isHybridSearchType: true,
    amountToFetch: 50,
    selectedUnits,
    selectedDatasources: [],
    similarityThreshold: 0.1,
    isAgenticMode: false,
    languageCode: 'fi-FI',
  });

const cold = performance.now();
const first = await search(QUERIES[0]?.query ?? 'esihenkilö', []);
console.log(
  `${backend}: first search after the build (loads the index): ${(performance.now() - cold).toFixed(0)} ms, ${first.commentsUsed.length} hits`,
);

async function series(name: string, selectedUnits: string[]) {
  const times: number[] = [];
  let hits = 0;
  for (const [i, q] of QUERIES.entries()) {
    const t = performance.now();
    const answer = await search(q.query, selectedUnits);
    if (i >= 2) times.push(performance.now() - t); // two warm-up calls
    hits += answer.commentsUsed.length;
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times[Math.min(times.length - 1, Math.floor(p * times.length))]?.toFixed(0);
  console.log(
    `${backend}: search ${name}, ${scale?.n} comments: median ${pct(0.5)} ms, p95 ${pct(0.95)} ms ` +
      `(${times.length} queries, ${(hits / QUERIES.length).toFixed(1)} hits each)`,
  );
}

await series('(Admin, whole survey)', []);
if (unit) await series('(Admin, one level-1 unit)', [unit.id]);
await db.close();
