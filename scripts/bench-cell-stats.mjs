#!/usr/bin/env node
// The report engines side by side on a scale profile, in one process, without HTTP and without the
// anonymity gate (the same for both engines, and built once per release): per figure, the rows
// engine's queries (REPORT_CELL_STATS=false) against the sums of the cell statistics; the open
// comments' whole list against the counts and a first page; and the statistics' build of the
// batch (what gating a batch adds). After `npm run build`, on a seeded profile:
// DATABASE_URL='postgres://…?options=-c%20search_path%3Dbench_reports_200000' COUNT=200000 \
//   node scripts/bench-cell-stats.mjs
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (file) => import(`${root}apps/api/dist/${file}`);
const COUNT = Number(process.env.COUNT ?? 50_000);
const REPS = Number(process.env.REPS ?? 10);
const { openPostgres } = await dist('lib/db.js');
const { demoUuid } = await dist('demo/responses.js');
const { batchStats } = await dist('features/reports/cell-stats/build.js');
const cells = await dist('features/reports/cell-stats/index.js');
const { setCondition } = await dist('features/reports/filters.js');
const queries = await dist('features/reports/queries.js');
const formulas = await dist('features/reports/formulas.js');
const { groupedStats } = await dist('features/reports/breakdown-queries.js');
const { groupedRealizations } = await dist('features/reports/families/lmap.queries.js');
const { enpsCounts } = await dist('features/reports/families/enps.queries.js');
const { commentLists } = await dist('features/reports/families/comments.queries.js');
const { commentCounts, commentPage, everyRangeHolds, hiddenCounts } = await dist(
  'features/reports/families/comment-pages.queries.js',
);
const { inIndexRange, RANGE_NAMES } = await dist('features/reports/comment-ranges.js');
const { and } = await dist('features/reports/filters.js');

const url = new URL(process.env.DATABASE_URL ?? '');
const schema = /search_path=(\S+)/.exec(url.searchParams.get('options') ?? '')?.[1];
const db = openPostgres(url.toString(), { ...(schema ? { schema } : {}), max: 4 });
const key = `survey-console-scale-1:${COUNT}`;
const surveyId = demoUuid(`${key}:survey`);
const companyId = demoUuid(`${key}:company`);
const [{ release }] = await db.query(
  'SELECT max(release)::int AS release FROM responses WHERE survey_id = $1',
  [surveyId],
);
const units = await db.query('SELECT id, index FROM units WHERE company_id = $1 ORDER BY name', [
  companyId,
]);
const level = (n) => units.filter((u) => u.index === n).map((u) => u.id);
const unit1 = level(1)[0];
const load = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');
console.log(`${COUNT.toLocaleString('en')} participants, release ${release}; load ${load()}`);

let started = performance.now();
const made = await batchStats(db, surveyId, release);
const buildMs = performance.now() - started;
started = performance.now();
const stats = cells.combine ? cells.combine([made]) : null;
const { combine } = await dist('features/reports/cell-stats/sums.js');
const combined = stats ?? combine([made]);
console.log(
  `statistics of the batch: ${made.blocks.length} blocks, built from the rows in ` +
    `${(buildMs / 1000).toFixed(1)} s (combined in ${(performance.now() - started).toFixed(0)} ms)`,
);

const whole = { surveyId, filters: {} };
const inUnit = { surveyId, filters: { unit1: [unit1] } };
const cond = (set) => setCondition(set, release);
const sums = (set) => cells.setSums(combined, set.filters);
const by = (set, k, ids) => cells.groupSums(combined, set.filters, k, ids);
const rowsOf = {
  'S-index histogram (survey vs unit)': async () => {
    for (const set of [whole, inUnit]) await queries.histogram(db, cond(set), 'satisfaction');
  },
  'eNPS (survey vs unit)': async () => {
    for (const set of [whole, inUnit]) await enpsCounts(db, cond(set));
  },
  'importance picks (survey vs unit)': async () => {
    for (const set of [whole, inUnit]) await queries.importancePicks(db, cond(set));
  },
  'realizations (survey vs unit)': async () => {
    for (const set of [whole, inUnit])
      formulas.criterionStats(await queries.realizationMatrix(db, cond(set)));
  },
  'correlation matrix (survey)': async () => {
    formulas.pearsonMatrix(await queries.realizationMatrix(db, cond(whole)), 30);
  },
  'L-index by unit2': async () => {
    await groupedStats(db, cond(whole), 'unit2', companyId, ['lindex']);
  },
  'eNPS by age': async () => {
    await groupedStats(db, cond(whole), 'age', companyId, ['enps']);
  },
  'index map (unit1, unit2, unit3, age)': async () => {
    await groupedRealizations(db, cond(whole), ['unit1', 'unit2', 'unit3', 'age'], companyId);
  },
};
const cellsOf = {
  'S-index histogram (survey vs unit)': () =>
    [whole, inUnit].map((s) => cells.histogramOf(sums(s), 'satisfaction')),
  'eNPS (survey vs unit)': () => [whole, inUnit].map((s) => cells.enpsOf(sums(s))),
  'importance picks (survey vs unit)': () => [whole, inUnit].map((s) => cells.picksOf(sums(s))),
  'realizations (survey vs unit)': () =>
    [whole, inUnit].map((s) => cells.criterionStatsOf(sums(s))),
  'correlation matrix (survey)': () => cells.pearsonOf(sums(whole)),
  'L-index by unit2': () => by(whole, 'unit2', level(2)),
  'eNPS by age': () => by(whole, 'age', []),
  'index map (unit1, unit2, unit3, age)': () =>
    [1, 2, 3].map((n) => by(whole, `unit${n}`, level(n))).concat(by(whole, 'age', [])),
};
const descriptions = Array.from({ length: 100 }, (_, id) => `criterion ${id}`);
const counted = await commentCounts(db, surveyId, cond(whole));
const busiest = counted.reduce((most, c) => (c.n > most.n ? c : most));
rowsOf['open comments: the whole list'] = () =>
  commentLists(db, surveyId, cond(whole), descriptions, true);
cellsOf['open comments: the whole list'] = null;
rowsOf['open comments: counts per type and criterion'] = () =>
  commentCounts(db, surveyId, cond(whole));
cellsOf['open comments: counts per type and criterion'] = () =>
  commentCounts(db, surveyId, cond(whole), true);
// An L-index range's counts and whether every range has enough (the flame filter's offer): the
// rows engine counts the range and each range up to 5; the cells subtract the set's hidden
// comments per type, criterion and range (one read for both) from the summed cells.
const ranges = RANGE_NAMES.map(inIndexRange);
rowsOf['open comments: counts of range 85-100, offer'] = () =>
  Promise.all([
    commentCounts(db, surveyId, and(cond(whole), inIndexRange('85-100'))),
    everyRangeHolds(db, surveyId, cond(whole), ranges, 5),
  ]);
cellsOf['open comments: counts of range 85-100, offer'] = () =>
  hiddenCounts(db, surveyId, cond(whole), ranges);
// The hidden comments' read alone: as before migration 028 (each hidden comment looked up in its
// response, comments_hidden_idx and responses_pkey) against hiddenCounts (their kept copies).
rowsOf['open comments: hidden ones, looked up / kept'] = () =>
  queries.many(db, (p) => {
    const range = ranges.map((inRange, i) => `WHEN ${inRange(p)} THEN ${i}`).join(' ');
    return `SELECT c.type, c.criterion_id::int AS criterion, CASE ${range} END AS range,
        count(*)::int AS n
      FROM comments c JOIN responses r ON r.participant_id = c.participant_id
      WHERE c.hidden AND c.survey_id = ${p.add(surveyId, '::uuid')} AND ${cond(whole)(p)}
      GROUP BY 1, 2, 3`;
  });
cellsOf['open comments: hidden ones, looked up / kept'] = () =>
  hiddenCounts(db, surveyId, cond(whole), ranges);
rowsOf['open comments: first page of 50'] = null;
cellsOf['open comments: first page of 50'] = () =>
  commentPage(db, {
    surveyId,
    where: cond(whole),
    type: busiest.type,
    criterion: busiest.criterion,
    description: 'x',
    withIndex: true,
    limit: 50,
  });

async function time(read) {
  if (!read) return null;
  await read();
  const times = [];
  for (let i = 0; i < REPS; i += 1) {
    const t = performance.now();
    await read();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { p50: at(0.5), p95: at(0.95) };
}
const ms = (v) => (v === null ? '-' : v.toFixed(v < 10 ? 2 : 0)).padStart(8);
console.log(`${'figure'.padEnd(46)}   rows p50     p95   cells p50     p95   (ms, ${REPS} reads)`);
for (const name of Object.keys(rowsOf)) {
  const [rows, summed] = [await time(rowsOf[name]), await time(cellsOf[name])];
  console.log(
    `${name.padEnd(46)}${ms(rows?.p50 ?? null)}${ms(rows?.p95 ?? null)}   ${ms(summed?.p50 ?? null)}${ms(summed?.p95 ?? null)}`,
  );
}
console.log(`load ${load()}`);
await db.close();
