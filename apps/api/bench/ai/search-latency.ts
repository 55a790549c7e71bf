// End-to-end Ask search latency on the 50,000-participant profile (23,000+ comments): the service's
// search as the REST call runs it (survey and role checks, the index's status, the anonymity gate's
// comment ids for the searcher, the in-memory index, hybrid ranking, the hits' rows read through
// the gate, the embedded answer), median and p95 over the labelled queries; first as an Admin over
// the whole survey, then with a unit filter (a level-1 unit: the gate judges the filtered set).
// The first search after a build loads and decodes the index (reported apart, "cold"); the
// responses are released and analysed before (see below), as a running system has them.
// Each search runs inside timeStages (src/features/ai/search/stages.ts): the median of each stage
// (index status, index load, the gate's ids, the gate mask, criteria routing, BM25, vector leg,
// fusion, criteria scores, collapse, the hits' rows, the answer), wall and CPU, is printed after
// the whole's. Each query runs twice, alternating which goes first: with the comment scope kept
// per release (today's) and with the former reads (the join on every search), so both are measured
// under the same load, and the two answers' hits are compared.
// The profile must be seeded in that database first (`npm run seed -- --scale 50000`);
// scripts/bench-ai.mjs does it for PostgreSQL (schema bench_ai) and PGlite (a temporary directory).
// `--survey NAME` measures that survey instead (the demo's "Henkilöstökysely 2025"); `--queries N`
// only the first N queries.
// Run: DATABASE_URL=… (or DATA_DIR=… for PGlite) npx tsx bench/ai/search-latency.ts
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/env.js';
import type { AuthUser } from '../../src/lib/auth.js';
import { openDb } from '../../src/lib/db.js';
import { createLogger } from '../../src/lib/logger.js';
import { migrate } from '../../src/lib/migrate.js';
import { currentRelease } from '../../src/features/reports/release.js';
import { reportsService } from '../../src/features/reports/index.js';
import { embeddedEngine } from '../../src/features/ai/engines/embedded/embedded-engine.js';
import { aiService, type AiService } from '../../src/features/ai/service.js';
import { createAi } from '../../src/features/ai/setup.js';
import { queueIndex } from '../../src/features/ai/search/search-index.js';
import { timeStages, type StageTimes } from '../../src/features/ai/search/stages.js';
import { QUERIES } from './queries.js';

const config = loadConfig();
const backend = config.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(db);
const { values: args } = parseArgs({
  options: { survey: { type: 'string' }, queries: { type: 'string' } },
});
// `--queries N`: only the first N labelled queries (a shorter run on a slow backend).
const queries = QUERIES.slice(0, Number(args.queries ?? QUERIES.length));
const [scale] = await db.query<{ id: string; n: number }>(
  `SELECT s.id, count(c.id)::int AS n FROM surveys s JOIN comments c ON c.survey_id = s.id
    WHERE $1::text IS NULL OR s.name = $1 GROUP BY s.id ORDER BY n DESC LIMIT 1`,
  [args.survey ?? null],
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
const logger = createLogger('warn');
const { service, usage } = createAi(db, { ...config, AI_BASE_URL: undefined }, logger);
// The former reads, side by side in the same process and under the same load: the comment scope
// joined again on every search and the hits' rows read by that join (reportsService
// `commentScopeIds: false`), the mask looked up id by id (its gated id list is new each time).
const former = aiService({
  db,
  reports: reportsService(db, config.ANONYMITY_THRESHOLD, { commentScopeIds: false }),
  engine: embeddedEngine(),
  usage,
  logger,
});
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

const searchWith = (svc: AiService, query: string, selectedUnits: string[]) =>
  svc.search(admin, {
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

const ms = (value: number | undefined) =>
  (value ?? 0).toFixed(value !== undefined && value < 10 ? 1 : 0);
const stagesLine = (times: StageTimes) =>
  [...times].map(([name, value]) => `${name} ${ms(value)}`).join(', ');
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

// The first search after the build: the index is loaded and decoded, and the survey's anonymity
// gate is built (reports feature) inside the gate's ids; both stages are apart in the line.
const cold = performance.now();
const first = await timeStages(() => searchWith(service, QUERIES[0]?.query ?? 'esihenkilö', []));
console.log(
  `${backend}: first search after the build: ${ms(performance.now() - cold)} ms, ` +
    `${first.value.commentsUsed.length} hits; stages (ms): ${stagesLine(first.times)}`,
);

interface Samples {
  wall: number[];
  cpu: number[];
  stages: Map<string, number[]>;
  stageCpu: Map<string, number[]>;
  hits: number;
}

const samples = (): Samples => ({
  wall: [],
  cpu: [],
  stages: new Map(),
  stageCpu: new Map(),
  hits: 0,
});
const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
const medians = (byStage: Map<string, number[]>): StageTimes =>
  new Map([...byStage].map(([stage, list]) => [stage, pct(list, 0.5) ?? 0]));

/** One timed search into `into` (after the warm-ups); its hits' ids and scores. */
async function measure(
  svc: AiService,
  query: string,
  units: string[],
  into: Samples,
  keep: boolean,
) {
  const t = performance.now();
  const c = process.cpuUsage();
  const { value: answer, times, cpu } = await timeStages(() => searchWith(svc, query, units));
  const used = process.cpuUsage(c);
  if (keep) {
    into.wall.push(performance.now() - t);
    // This process's CPU per search (with PGlite the database's too): less bent by others' load.
    into.cpu.push((used.user + used.system) / 1000);
    for (const [stage, value] of times)
      into.stages.set(stage, [...(into.stages.get(stage) ?? []), value]);
    for (const [stage, value] of cpu)
      into.stageCpu.set(stage, [...(into.stageCpu.get(stage) ?? []), value]);
  }
  into.hits += answer.commentsUsed.length;
  return JSON.stringify(answer.commentsUsed.map((hit) => [hit.id, hit.score, hit.count]));
}

/** Both variants per query, alternating which goes first; two warm-up queries. */
async function series(name: string, selectedUnits: string[]) {
  const variants = { before: samples(), after: samples() };
  let differing = 0;
  const loadBefore = load();
  for (const [i, q] of queries.entries()) {
    const order = i % 2 === 0 ? (['after', 'before'] as const) : (['before', 'after'] as const);
    const hits: Record<string, string> = {};
    for (const variant of order)
      hits[variant] = await measure(
        variant === 'after' ? service : former,
        q.query,
        selectedUnits,
        variants[variant],
        i >= 2,
      );
    if (hits.before !== hits.after) differing += 1;
  }
  for (const [variant, s] of Object.entries(variants)) {
    console.log(
      `${backend}: search ${name}, ${variant === 'before' ? 'former reads' : 'kept scope  '}, ` +
        `${scale?.n} comments: median ${ms(pct(s.wall, 0.5))} ms, p95 ${ms(pct(s.wall, 0.95))} ms ` +
        `(${s.wall.length} queries, ${(s.hits / queries.length).toFixed(1)} hits each); ` +
        `API process CPU median ${ms(pct(s.cpu, 0.5))} ms, p95 ${ms(pct(s.cpu, 0.95))} ms`,
    );
    console.log(`${backend}:   stage medians, wall (ms): ${stagesLine(medians(s.stages))}`);
    console.log(`${backend}:   stage medians, CPU (ms): ${stagesLine(medians(s.stageCpu))}`);
  }
  console.log(
    `${backend}:   ${queries.length - differing} of ${queries.length} queries gave the same hits ` +
      `(ids, scores, counts) both ways; load average ${loadBefore} before, ${load()} after`,
  );
}

await series('(Admin, whole survey)', []);
if (unit) await series('(Admin, one level-1 unit)', [unit.id]);
await db.close();
