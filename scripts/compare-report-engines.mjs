#!/usr/bin/env node
// Every report call of the cell statistics' comparison (apps/api cell-stats/compare.ts: each family
// on the whole survey, filtered sets, comparisons and every breakdown) on a scale profile, through
// both engines: the cell statistics and the rows (REPORT_CELL_STATS=false). Prints the calls whose
// answers differ in any byte; exits 1 when one does. After `npm run build`:
// DATABASE_URL=postgres://…?options=-c%20search_path%3Dbench_reports_200000 COUNT=200000 \
//   node scripts/compare-report-engines.mjs
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const COUNT = Number(process.env.COUNT ?? 50_000);
const { openPostgres } = await import(`${root}apps/api/dist/lib/db.js`);
const { demoUuid } = await import(`${root}apps/api/dist/demo/responses.js`);
const { bothEngines, reportCalls } = await import(
  `${root}apps/api/dist/features/reports/cell-stats/compare.js`
);
const url = new URL(process.env.DATABASE_URL ?? '');
const schema = /search_path=(\S+)/.exec(url.searchParams.get('options') ?? '')?.[1];
const db = openPostgres(url.toString(), { ...(schema ? { schema } : {}), max: 4 });
const key = `survey-console-scale-1:${COUNT}`;
const admin = { id: demoUuid('compare'), role: 'Admin', companyId: null, tokenVersion: 0 };
const started = performance.now();
const calls = await reportCalls(db, admin, demoUuid(`${key}:survey`), demoUuid(`${key}:company`));
const answers = await bothEngines(db, Number(process.env.ANONYMITY_THRESHOLD ?? 5), calls);
const differ = answers.filter(([, cells, rows]) => cells !== rows);
const failed = answers.filter(([, cells]) => cells.startsWith('error'));
console.log(
  `${answers.length} calls on ${COUNT.toLocaleString('en')} participants in ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s: ${differ.length} differ, ` +
    `${failed.length} failed, ${answers.filter(([, c]) => c.includes('"participants"')).length} show figures`,
);
for (const [name] of differ) console.log(`differs: ${name}`);
for (const [name, text] of failed) console.log(`failed: ${name}: ${text.slice(0, 200)}`);
await db.close();
process.exit(differ.length || failed.length ? 1 : 0);
