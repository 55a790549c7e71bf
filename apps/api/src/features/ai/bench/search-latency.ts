// End-to-end Ask search latency on the 50,000-participant profile (23,000+ comments) on PostgreSQL:
// the service's search (anonymity gate, index entries read from the database, hybrid ranking,
// embedded answer), median and p95 over the labelled queries. The profile must be seeded in the
// schema first: `npm run seed -- --scale 50000` with DATABASE_URL pointing at it (see docs/ai.md).
// Run: BENCH_AI_DATABASE_URL='postgres://…?options=-c%20search_path%3Dbench_ai' npx tsx …/search-latency.ts
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../../env.js';
import type { AuthUser } from '../../../lib/auth.js';
import { openPostgres } from '../../../lib/db.js';
import { createLogger } from '../../../lib/logger.js';
import { migrate } from '../../../lib/migrate.js';
import { createAi } from '../setup.js';
import { queueIndex } from '../search-index.js';
import { QUERIES } from './queries.js';

const config = loadConfig();
const url = config.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the seeded schema');
const db = openPostgres(url);
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
  `index of ${scale.n} comments built in ${((performance.now() - built) / 1000).toFixed(1)} s`,
);
const times: number[] = [];
for (const [i, q] of QUERIES.entries()) {
  const t = performance.now();
  await service.search(admin, {
    surveyId: scale.id,
    searchQuery: q.query,
    isHybridSearchType: true,
    amountToFetch: 50,
    selectedUnits: [],
    selectedDatasources: [],
    similarityThreshold: 0.1,
    isAgenticMode: false,
    languageCode: 'fi-FI',
  });
  if (i >= 2) times.push(performance.now() - t); // two warm-up calls
}
times.sort((a, b) => a - b);
const pct = (p: number) =>
  times[Math.min(times.length - 1, Math.floor(p * times.length))]?.toFixed(0);
console.log(
  `search on PostgreSQL, ${scale.n} comments: median ${pct(0.5)} ms, p95 ${pct(0.95)} ms (${times.length} queries)`,
);
await db.close();
