#!/usr/bin/env node
// Report latency on the 50,000-participant scale profile (issue 4, "Speed"): every report call,
// sequential, median and p95 over BENCH_REPORT_CALLS calls (default 20, after 2 warm-up calls),
// through the REST API (the built apps/api in its own process) on PGlite and on PostgreSQL.
// Targets: median under 150 ms on PostgreSQL, under 400 ms on PGlite.
//
// Run from bench.mjs (`npm run bench`) or alone after `npm run build`: `node scripts/bench-reports.mjs`.
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL (skipped when neither is set); the profile goes
// into its own schema `bench_reports`, seeded once (`npm run seed -- --scale 50000`) and reused.
// PGlite: a fresh data directory under the system temp directory, seeded the same way and removed
// afterwards (about a minute and a half: a PGlite directory reused after its server was stopped
// once lost the scale company but kept its units, and the idempotent seed then failed).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuTime, freePort } from './bench-stack.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const COUNT = 50_000;
const CALLS = Number(process.env.BENCH_REPORT_CALLS ?? 20);
const SCHEMA = 'bench_reports';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'DemoPass2026';

function runNode(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

async function startApi(env) {
  const [port, smtp, inbox] = await Promise.all([freePort(), freePort(), freePort()]);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      PORT: port,
      HOST: '127.0.0.1',
      // The built-in mail catcher starts (no SMTP_URL): on free ports, beside any dev server.
      MAIL_CATCHER_SMTP_PORT: smtp,
      MAIL_CATCHER_HTTP_PORT: inbox,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; tries < 240; tries += 1) {
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('apps/api did not become ready');
}

/** Seeds the profile (idempotent) and refreshes the planner statistics and visibility map. */
async function prepare(backend, env) {
  const started = performance.now();
  const out = await runNode(['apps/api/dist/demo/seed-cli.js', '--scale', String(COUNT)], env);
  const seeded = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${backend}: ${out.trim().split('\n').at(-1)} (${seeded} s)`);
  // A server's autovacuum does this soon after a bulk load; PGlite has no autovacuum.
  const vacuum = ['participants', 'responses', 'units', 'comments'].map(
    (table) => `VACUUM ANALYZE ${table}`,
  );
  if (backend === 'PostgreSQL') {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    for (const statement of vacuum) await client.query(statement);
    await client.end();
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create({ dataDir: path.join(env.DATA_DIR, 'pgdata') });
    for (const statement of vacuum) await db.query(statement);
    await db.close();
  }
}

async function measure(api, pid) {
  const login = await fetch(`${api}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: PASSWORD }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`login failed: ${login.status}`);
  const headers = { authorization: `Bearer ${token}` };
  const get = async (route, query) => {
    const qs = query ? `?${new URLSearchParams(query)}` : '';
    const res = await fetch(`${api}${route}${qs}`, { headers });
    const body = await res.json();
    if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  const { demoUuid } = await import('../apps/api/dist/demo/responses.js');
  const surveyId = demoUuid(`survey-console-scale-1:${COUNT}:survey`);
  const companyId = demoUuid(`survey-console-scale-1:${COUNT}:company`);
  const whole = JSON.stringify([{ surveyId, filters: {} }]);
  const choices = await get('/report/filterchoices', { sets: whole });
  const unit1 = choices.data.units.find((unit) => unit.index === 1);
  // The survey against one of its level-1 units: a comparison, with the differencing check.
  const compared = JSON.stringify([
    { surveyId, filters: {} },
    { surveyId, filters: { unit1: [unit1.id] } },
  ]);
  const calls = [
    ['currentsatisfaction (survey vs unit)', '/report/currentsatisfaction', { sets: compared }],
    ['mostimportanttop10 (survey vs unit)', '/report/mostimportanttop10', { sets: compared }],
    ['mostimportanttop30 (survey vs unit)', '/report/mostimportanttop30', { sets: compared }],
    ['realizationtop10 (survey vs unit)', '/report/realizationtop10', { sets: compared }],
    ['realizationbyvariables (vs unit)', '/report/realizationbyvariables', { sets: compared }],
    ['lindexcompare (survey vs unit)', '/report/lindexcompare', { sets: compared }],
    ['lindexgrouped (by unit2, 12)', '/report/lindexgrouped', { sets: whole, groupBy: 'unit2' }],
    ['enps (survey vs unit)', '/report/enps', { sets: compared }],
    ['enps (by age)', '/report/enps', { sets: whole, groupBy: 'age' }],
    ['correlationmatrix (survey)', '/report/correlationmatrix', { sets: whole }],
    [
      'lmap (unit1,unit2,unit3,age)',
      '/report/lmap',
      { sets: whole, groupBy: 'unit1,unit2,unit3,age' },
    ],
    ['opencomments (survey)', '/report/opencomments', { sets: whole }],
    ['filterchoices', '/report/filterchoices', { sets: whole }],
    ['changejobwillingness', `/report/changejobwillingness/${surveyId}`, undefined],
    ['top20rollupdata', '/rollup/top20rollupdata', undefined],
    ['trend', `/rollup/trend/${companyId}`, undefined],
    ['surveyresponders', '/surveys/surveyresponders', { surveyIds: surveyId }],
    ['responseactivity', `/surveys/responseactivity/${surveyId}`, undefined],
    ['groupchoices', '/report/groupchoices', { uiLanguage: 'en-US' }],
    ['reportsettings/enps', '/reportsettings/enps', undefined],
    ['reportsettings/opencomments', '/reportsettings/opencomments', undefined],
  ];
  const results = new Map();
  for (const [name, route, query] of calls) {
    for (let i = 0; i < 2; i += 1) await get(route, query);
    const times = [];
    const cpuBefore = await cpuTime(pid);
    for (let i = 0; i < CALLS; i += 1) {
      const started = performance.now();
      await get(route, query);
      times.push(performance.now() - started);
    }
    const cpuAfter = await cpuTime(pid);
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
    const cpu = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / CALLS;
    results.set(name, { median: at(0.5), p95: at(0.95), cpu });
  }
  return results;
}

async function bench(backend, env) {
  await prepare(backend, env);
  const api = await startApi(env);
  try {
    // Other processes share the CPU: the load average says how much the figures are inflated.
    const load = () =>
      loadavg()
        .map((value) => value.toFixed(1))
        .join(' ');
    const before = load();
    const results = await measure(api.url, api.child.pid);
    console.log(`${backend}: load average (1, 5, 15 min) ${before} before, ${load()} after`);
    return results;
  } finally {
    api.child.kill();
    await new Promise((resolve) => api.child.once('exit', resolve));
  }
}

export async function reportBench() {
  const runs = [];
  const dir = await mkdtemp(path.join(tmpdir(), 'survey-bench-reports-'));
  try {
    runs.push(['PGlite', 400, await bench('PGlite', { DATA_DIR: dir, DATABASE_URL: '' })]);
    const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    if (serverUrl) {
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.searchParams.set('options', `-c search_path=${SCHEMA}`);
      // DATA_DIR only holds the API's signing key here.
      const env = { DATABASE_URL: url.toString(), DATA_DIR: path.join(dir, 'server') };
      runs.push(['PostgreSQL', 150, await bench('PostgreSQL', env)]);
    } else {
      console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  console.log(
    `\nreport calls on ${COUNT.toLocaleString('en')} finished participants, REST, sequential, ` +
      `${CALLS} calls each (ms; targets: median PGlite < 400, PostgreSQL < 150)`,
  );
  const names = [...runs[0][2].keys()];
  const cell = (value, target) =>
    `${value.median.toFixed(0).padStart(6)}${value.median < target ? ' ' : '!'} ${value.p95.toFixed(0).padStart(6)}` +
    `${(value.cpu === null ? '-' : value.cpu.toFixed(0)).padStart(6)}`;
  console.log(
    `${'call'.padEnd(38)}${runs.map(([b]) => `${`${b} p50`.padStart(17)}  p95   cpu`).join('')}`,
  );
  for (const name of names) {
    console.log(
      `${name.padEnd(38)}${runs.map(([, target, r]) => `${' '.repeat(8)}${cell(r.get(name), target)}`).join('')}`,
    );
  }
  console.log("(! = median over the target; cpu = the API process's CPU ms per call, see cpuTime)");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await reportBench();
