#!/usr/bin/env node
// The anonymity auditor (docs/anonymity.md) on the demo data and the 50,000-participant scale profile,
// in-process on PGlite: requests asked, answers shown, leaks found (must be 0), the smallest derivable
// group, and how long the partition and the audit take. Run from bench.mjs (part `anonymity`) or alone
// after `npm run build`: `node scripts/bench-anonymity.mjs`.
import { loadavg } from 'node:os';
import { openPglite } from '../apps/api/dist/lib/db.js';
import { migrate } from '../apps/api/dist/lib/migrate.js';
import { seedDemo } from '../apps/api/dist/demo/seed.js';
import { seedScale } from '../apps/api/dist/demo/scale.js';
import { anonymityGate, onGateBuild } from '../apps/api/dist/features/reports/gate.js';
import { auditStoredSurvey } from '../apps/api/dist/features/reports/audit/stored-survey.js';
import { usefulness } from '../apps/api/dist/features/reports/audit/usefulness.js';

const T = 5;
const SCALE = Number(process.env.BENCH_ANONYMITY_SCALE ?? 50_000);
// The scale survey is asked the first and then every 4,000th request of each shape of the auditor's
// families (27 million in all; 1 in 400 per shape would be 68,000 requests).
const SCALE_EVERY = Number(process.env.BENCH_ANONYMITY_EVERY ?? 4000);
// BENCH_ANONYMITY_AUDIT=0: the usefulness tables and build times only (the audit at 50,000 takes
// minutes).

function row(name, people, result, ms, partitionMs) {
  console.log(
    `${name.padEnd(28)} ${String(people).padStart(6)} people  ${String(result.requests).padStart(6)} requests  ` +
      `${String(result.shown).padStart(6)} shown (${result.withheld} of ${result.large} groups of >= ${T} withheld)  ` +
      `leaks ${result.leaks.length}${result.complete ? '' : ' (search incomplete)'}  ` +
      `smallest derivable ${result.smallestClass}  ` +
      `partition ${partitionMs.toFixed(0)} ms  audit ${(ms / 1000).toFixed(1)} s`,
  );
}

const KINDS = [
  ['units', 'units (all levels)'],
  ['unitBreakdowns', 'groups of the unit-level breakdowns'],
  ['wholeSurveyBackground', 'background groups of the whole survey'],
  ['backgroundWithinUnits', 'background groups within a unit'],
];

const share = ({ shown, large }) =>
  `${shown} of ${large}`.padEnd(13) +
  `${large ? ((100 * shown) / large).toFixed(0) : '-'} %`.padStart(6);

/** The usefulness table of one survey: before (whole batches) and after (parts), side by side. */
function printUsefulness({ name, before, after, beforeMs, partitionMs, builds }) {
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`\n${name.padEnd(40)} ${'before'.padEnd(20)} after   (load ${load})`);
  for (const [kind, label] of KINDS)
    console.log(`${label.padEnd(40)} ${share(before[kind]).padEnd(20)} ${share(after[kind])}`);
  console.log(
    `${'building the gate (first build, worker)'.padEnd(40)} ${`${(beforeMs / 1000).toFixed(1)} s`.padEnd(20)} ${(partitionMs / 1000).toFixed(1)} s`,
  );
  // The gate's own timings of the same builds (gate.ts, onGateBuild): the issue's target is the
  // partitions' time in the worker; reading the atoms comes before it, on the event loop.
  const seconds = (value) => `${value.toFixed(1)} s`;
  console.log(
    `${'  of which partitions (in the worker)'.padEnd(40)} ${seconds(builds.before.partitionSeconds).padEnd(20)} ${seconds(builds.after.partitionSeconds)}`,
  );
  console.log(
    `${'  of which reading the atoms'.padEnd(40)} ${seconds(builds.before.readSeconds).padEnd(20)} ${seconds(builds.after.readSeconds)}`,
  );
}

export async function anonymityBench() {
  console.log(`\nAnonymity auditor (T = ${T}), PGlite in memory`);
  const db = await openPglite();
  try {
    await migrate(db);
    await seedDemo(db, 'DemoPass2026');
    const scale = await seedScale(db, { count: SCALE });
    const surveys = await db.query(
      `SELECT s.id, s.name, s.company_id AS "companyId" FROM surveys s
       WHERE EXISTS (SELECT 1 FROM responses r WHERE r.survey_id = s.id AND r.finished_at IS NOT NULL)
       ORDER BY s.name`,
    );
    const tables = [];
    let lastBuild;
    const stop = onGateBuild((build) => (lastBuild = build));
    for (const survey of surveys) {
      const big = survey.id === scale.surveyId;
      // Before (issue 29): the former choice, whole batches first come, first served.
      let started = performance.now();
      await anonymityGate(db, T, 'batches').survey(survey.id, survey.companyId);
      const beforeMs = performance.now() - started;
      const beforeBuild = lastBuild;
      const before = await usefulness(db, survey.id, T, 'batches');
      started = performance.now();
      const gate = await anonymityGate(db, T).survey(survey.id, survey.companyId);
      const partitionMs = performance.now() - started;
      const after = await usefulness(db, survey.id, T);
      const builds = { before: beforeBuild, after: lastBuild };
      tables.push({ name: survey.name, before, after, beforeMs, partitionMs, builds });
      printUsefulness(tables.at(-1));
      if (process.env.BENCH_ANONYMITY_AUDIT === '0') continue;
      started = performance.now();
      const result = await auditStoredSurvey(db, survey.id, T, big ? SCALE_EVERY : 1);
      const name = big ? `${survey.name} (1 in ${SCALE_EVERY})` : survey.name;
      row(name, gate.verdict(() => true).n, result, performance.now() - started, partitionMs);
      if (result.leaks.length > 0 || result.miscounts.length > 0)
        throw new Error(`${survey.name}: the auditor found a leak or a miscount`);
      if (!result.complete) throw new Error(`${survey.name}: the leak search did not finish`);
    }
    stop();
    console.log(`\nGroups of at least ${T} people shown, before and after (issue 29)`);
    for (const table of tables) printUsefulness(table);
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await anonymityBench();
