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
//
// Options:
// - BENCH_REPORT_ONLY=opencomments,lindexgrouped: only the calls whose name contains one of these.
// - BENCH_REPORT_PGLITE=0: PostgreSQL only.
// - BENCH_API_BEFORE=<checkout>: also the built apps/api of another checkout (e.g. a worktree of an
//   older commit, built), seeded into its own database (PGlite directory; PostgreSQL schema
//   `bench_reports_<its directory's name>`), both APIs running, measured alternately: BENCH_REPORT_ROUNDS rounds
//   (default 3 with a before build, else 1), each measuring every call on one build and then the
//   other (the order swapped every round). A call's figures are the medians over the rounds.
// - BENCH_REPORT_DUMP=<dir>: writes each build's answer to every call there (after the rounds), to
//   compare two builds' answers byte for byte.
// - BENCH_REPORT_COUNT=200000: the profile's participants (default 50,000); a profile other than
//   50,000 goes into the schema `bench_reports_<count>` (seeded once, reused by later runs).
// - BENCH_REPORT_ENGINES=1: also this build with REPORT_CELL_STATS=false (every figure read from the
//   rows, the engine before the cell statistics) on the same database, measured alternately as
//   with BENCH_API_BEFORE; on PostgreSQL the survey's kept statistics are deleted first, and the
//   first read of each API (gate, and statistics for this build) is timed.
// cpu: the API process's CPU ms per call; on PostgreSQL also db cpu, its server backends' (found by
// the application_name the bench gives each build's connections).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DASHBOARD_QUERY } from './bench-gateway.mjs';
import { demoEnv } from './demo-env.mjs';
import { benchNodeArgs, cpuTime, freePort } from './bench-stack.mjs';

// A first read of a survey waits for its anonymity gate, as long as it takes: the bench times reads
// (people get 503 "being prepared" after REPORT_GATE_WAIT_MS's 2 s default instead).
const GATE_WAIT = { REPORT_GATE_WAIT_MS: '600000' };

const root = fileURLToPath(new URL('..', import.meta.url));
// A first read builds the survey's anonymity gate: minutes at 200,000 participants on a loaded
// machine, beyond fetch's 5 minutes for the answer's headers.
const { Agent, setGlobalDispatcher } = await import('undici');
setGlobalDispatcher(new Agent({ headersTimeout: 0, bodyTimeout: 0 }));
const COUNT = Number(process.env.BENCH_REPORT_COUNT ?? 50_000);
const CALLS = Number(process.env.BENCH_REPORT_CALLS ?? 20);
const SCHEMA = COUNT === 50_000 ? 'bench_reports' : `bench_reports_${COUNT}`;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'DemoPass2026';
const ONLY = process.env.BENCH_REPORT_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const BEFORE = process.env.BENCH_API_BEFORE ? path.resolve(process.env.BENCH_API_BEFORE) : null;
const ENGINES = process.env.BENCH_REPORT_ENGINES === '1';
const ROUNDS = Number(process.env.BENCH_REPORT_ROUNDS ?? (BEFORE || ENGINES ? 3 : 1));
const DUMP = process.env.BENCH_REPORT_DUMP;
/** The route of the dashboard's row: its GraphQL request through the build's gateway. */
const GRAPHQL = 'graphql';

/** The builds measured: this checkout's, and BENCH_API_BEFORE's if set. */
const BUILDS = [
  { label: 'this', root },
  ...(BEFORE ? [{ label: 'before', root: BEFORE }] : []),
  // The same build reading every figure from the rows, on this build's database.
  ...(ENGINES
    ? [{ label: 'rows', root, sameAs: 'this', env: { REPORT_CELL_STATS: 'false' } }]
    : []),
];

function runNode(cwd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
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

async function startApi(cwd, env) {
  const [port, smtp, inbox] = await Promise.all([freePort(), freePort(), freePort()]);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...benchNodeArgs(), 'apps/api/dist/server.js'], {
    cwd,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      PORT: port,
      HOST: '127.0.0.1',
      // The built-in mail catcher starts (no SMTP_URL): on free ports, beside any dev server.
      MAIL_CATCHER_SMTP_PORT: smtp,
      MAIL_CATCHER_HTTP_PORT: inbox,
      ...GATE_WAIT,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Up to 10 minutes: a first start builds the demo surveys' gates before it listens (warm.ts),
  // a minute or more on a loaded machine.
  return untilReady(url, child, 10 * 60_000, 'apps/api');
}

/** Polls `url`/readyz until it answers ok; kills `child` and throws after `timeoutMs`. */
async function untilReady(url, child, timeoutMs, name) {
  for (let tries = 0; tries < timeoutMs / 250 && child.exitCode === null; tries += 1) {
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
  throw new Error(`${name} did not become ready`);
}

/** The gateway in front of an API, in its own process, for the dashboard's GraphQL request. */
async function startGateway(cwd, apiUrl) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...benchNodeArgs(), 'apps/gateway/dist/server.js'], {
    cwd,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      PORT: port,
      HOST: '127.0.0.1',
      API_URL: apiUrl,
      COOKIE_SECURE: 'false',
      // The rows engine's reads take seconds on a big profile: timed here, not cut off.
      UPSTREAM_HEADERS_TIMEOUT_MS: '600000',
      UPSTREAM_BODY_TIMEOUT_MS: '600000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return untilReady(url, child, 2 * 60_000, 'apps/gateway');
}

/** Seeds the profile (idempotent) and refreshes the planner statistics and visibility map. */
async function prepare(backend, build, env) {
  const started = performance.now();
  const seedCli = ['apps/api/dist/demo/seed-cli.js', '--scale', String(COUNT)];
  const out = await runNode(build.root, seedCli, env);
  const seeded = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${backend} (${build.label}): ${out.trim().split('\n').at(-1)} (${seeded} s)`);
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

function withApplicationName(databaseUrl, name) {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  return url.toString();
}

/**
 * Deletes the kept cell statistics, survey sums and participant counts (migrations 024 and 027), so
 * the first reads make them anew (timed).
 */
async function forgetCellStats(databaseUrl) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  for (const table of ['report_cell_stats', 'report_survey_sums', 'survey_participant_counts'])
    await client.query(`DELETE FROM ${table}`).catch(() => undefined);
  await client.end();
}

/** CPU ms of the PostgreSQL backends serving one build (null on PGlite: it is the API's own). */
async function serverCpu(admin, applicationName) {
  if (!admin) return null;
  const { rows } = await admin.query(
    'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
    [applicationName],
  );
  const times = await Promise.all(rows.map((row) => cpuTime(row.pid)));
  return times.reduce((sum, time) => (time === null || sum === null ? null : sum + time), 0);
}

/** Signs in and lists the calls (name, route, query) on the profile. */
async function callsOf(api, gateway) {
  const login = await fetch(`${api}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: PASSWORD }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`login failed: ${login.status}`);
  const headers = { authorization: `Bearer ${token}` };
  const url = (route, query) => `${api}${route}${query ? `?${new URLSearchParams(query)}` : ''}`;
  // One retry when the server closed a kept-alive connection just as a request went out (a race
  // on a heavily loaded machine; every call here is a read).
  const send = (route, query) =>
    fetch(url(route, query), { headers }).catch(() => fetch(url(route, query), { headers }));
  // The dashboard: every widget's read in its one GraphQL request through the gateway.
  const graphql = async (variables) => {
    const res = await fetch(`${gateway}/graphql`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: DASHBOARD_QUERY, variables }),
    });
    const body = await res.json();
    if (!res.ok || body.errors || JSON.stringify(body).includes('"__typename":"Problem'))
      throw new Error(`dashboard: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  const get = async (route, query) => {
    if (route === GRAPHQL) return graphql(query);
    const res = await send(route, query);
    const body = await res.json();
    if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  const text = async (route, query) =>
    route === GRAPHQL
      ? JSON.stringify(await graphql(query))
      : (await fetch(url(route, query), { headers })).text();
  const { demoUuid } = await import('../apps/api/dist/demo/responses.js');
  const surveyId = demoUuid(`survey-console-scale-1:${COUNT}:survey`);
  const companyId = demoUuid(`survey-console-scale-1:${COUNT}:company`);
  const whole = JSON.stringify([{ surveyId, filters: {} }]);
  const choices = await get('/report/filterchoices', { sets: whole });
  const unit1 = choices.data.units.find((unit) => unit.index === 1);
  // The open comments a page at a time: the first page of the type and criterion with the most.
  const counts = await get('/report/opencommentcounts', { sets: whole });
  const busiest = counts.data.counts.reduce((most, c) => (c.count > most.count ? c : most));
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
    ['opencomments (first page of 1000)', '/report/opencomments', { sets: whole }],
    ['opencommentcounts (survey)', '/report/opencommentcounts', { sets: whole }],
    [
      'opencommentcounts (survey, 85-100)',
      '/report/opencommentcounts',
      { sets: whole, indexRange: '85-100' },
    ],
    [
      'opencommentcounts (unit, 0-69)',
      '/report/opencommentcounts',
      { sets: JSON.stringify([{ surveyId, filters: { unit1: [unit1.id] } }]), indexRange: '0-69' },
    ],
    [
      'opencommentpage (first page of 50)',
      '/report/opencommentpage',
      { sets: whole, type: busiest.type, criterion: String(busiest.id) },
    ],
    ['filterchoices', '/report/filterchoices', { sets: whole }],
    ['changejobwillingness', `/report/changejobwillingness/${surveyId}`, undefined],
    ['top20rollupdata', '/rollup/top20rollupdata', undefined],
    ['trend', `/rollup/trend/${companyId}`, undefined],
    ['surveyresponders', '/surveys/surveyresponders', { surveyIds: surveyId }],
    ['responseactivity', `/surveys/responseactivity/${surveyId}`, undefined],
    // The survey's status on the dashboard: its participant counts (kept once it ended).
    ['survey (status)', `/surveys/${surveyId}`, undefined],
    ['groupchoices', '/report/groupchoices', { uiLanguage: 'en-US' }],
    ['reportsettings/enps', '/reportsettings/enps', undefined],
    ['reportsettings/opencomments', '/reportsettings/opencomments', undefined],
    [
      'dashboard (gateway, one GraphQL request)',
      GRAPHQL,
      { sets: [{ surveyId }], surveyId, companyId },
    ],
  ].filter(([name]) => !ONLY || ONLY.some((part) => name.includes(part)));
  return { get, text, calls };
}

/** One round: every call on one build, its median, p95 and CPU per call. */
async function measure(api, admin) {
  const results = new Map();
  for (const [name, route, query] of api.calls) {
    for (let i = 0; i < 2; i += 1) await api.get(route, query);
    const times = [];
    const cpuBefore = await cpuTime(api.pid);
    const dbBefore = await serverCpu(admin, api.applicationName);
    for (let i = 0; i < CALLS; i += 1) {
      const started = performance.now();
      await api.get(route, query);
      times.push(performance.now() - started);
    }
    const cpuAfter = await cpuTime(api.pid);
    const dbAfter = await serverCpu(admin, api.applicationName);
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
    const perCall = (before, after) =>
      before === null || after === null ? null : (after - before) / CALLS;
    results.set(name, {
      median: at(0.5),
      p95: at(0.95),
      cpu: perCall(cpuBefore, cpuAfter),
      dbCpu: perCall(dbBefore, dbAfter),
    });
  }
  return results;
}

const median = (values) => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

/** Each field's median over the rounds. */
function combine(rounds) {
  const results = new Map();
  for (const name of rounds[0].keys()) {
    const of = (field) => median(rounds.map((round) => round.get(name)[field]));
    results.set(name, { median: of('median'), p95: of('p95'), cpu: of('cpu'), dbCpu: of('dbCpu') });
  }
  return results;
}

/** Seeds, starts and measures every build on one backend; `envOf(build)` is its database. */
async function bench(backend, envOf, admin) {
  const apis = [];
  try {
    for (const build of BUILDS) {
      // Two PGlite servers cannot share a data directory: the rows engine on PostgreSQL only.
      if (build.sameAs && !admin) continue;
      const env = envOf(build.sameAs ? { ...build, label: build.sameAs } : build);
      if (!build.sameAs) await prepare(backend, build, env);
      else if (admin) await forgetCellStats(env.DATABASE_URL);
      const applicationName = `bench-${build.label}`;
      const url = env.DATABASE_URL ? withApplicationName(env.DATABASE_URL, applicationName) : '';
      const api = await startApi(build.root, { ...env, DATABASE_URL: url, ...build.env });
      apis.push({ ...api, build, pid: api.child.pid, applicationName });
      const gateway = await startGateway(build.root, api.url);
      Object.assign(apis.at(-1), { gateway });
    }
    for (const api of apis) {
      const started = performance.now();
      Object.assign(api, await callsOf(api.url, api.gateway.url));
      api.firstRead = performance.now() - started;
      console.log(
        `${backend} (${api.build.label}): first read (sign-in, filter choices: the gate` +
          `${api.build.label === 'rows' ? '' : ' and the cell statistics'}) ${api.firstRead.toFixed(0)} ms`,
      );
    }
    // Other processes share the CPU: the load average says how much the figures are inflated.
    const load = () =>
      loadavg()
        .map((value) => value.toFixed(1))
        .join(' ');
    const before = load();
    const rounds = new Map(apis.map((api) => [api.build.label, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? apis : [...apis].reverse();
      for (const api of order) rounds.get(api.build.label).push(await measure(api, admin));
      if (ROUNDS > 1) console.log(`${backend}: round ${round + 1} of ${ROUNDS}, load ${load()}`);
    }
    console.log(`${backend}: load average (1, 5, 15 min) ${before} before, ${load()} after`);
    if (DUMP) {
      await mkdir(DUMP, { recursive: true });
      for (const api of apis)
        for (const [name, route, query] of api.calls) {
          const file = `${backend}-${api.build.label}-${name.replace(/\W+/g, '-')}.json`;
          await writeFile(path.join(DUMP, file), await api.text(route, query));
        }
    }
    return apis.map((api) => [api.build.label, combine(rounds.get(api.build.label))]);
  } finally {
    for (const api of apis) {
      for (const child of [api.gateway?.child, api.child].filter(Boolean)) {
        child.kill();
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
  }
}

/** The table of every run so far (printed after each backend, so a failure later keeps them). */
function printRuns(runs) {
  console.log(
    `\nreport calls on ${COUNT.toLocaleString('en')} finished participants, REST, sequential, ` +
      `${CALLS} calls each${ROUNDS > 1 ? `, median of ${ROUNDS} rounds` : ''}` +
      ` (ms; targets: median PGlite < 400, PostgreSQL < 150)` +
      (BEFORE ? `\nbefore = ${BEFORE}` : ''),
  );
  const names = [...runs[0][2].keys()];
  const ms = (value) => (value === null ? '-' : value.toFixed(0));
  const cell = (value, target) =>
    `${ms(value.median).padStart(6)}${value.median < target ? ' ' : '!'} ${ms(value.p95).padStart(6)}` +
    `${ms(value.cpu).padStart(6)}${value.dbCpu === null ? '' : ms(value.dbCpu).padStart(6)}`;
  const title = ([label, , results]) => {
    const db = [...results.values()].some((value) => value.dbCpu !== null);
    return `${`${label} p50`.padStart(17)}  p95   cpu${db ? ' dbcpu' : ''}`;
  };
  console.log(`${'call'.padEnd(38)}${runs.map(title).join('')}`);
  for (const name of names) {
    console.log(
      `${name.padEnd(38)}${runs.map(([, target, r]) => `${' '.repeat(8)}${cell(r.get(name), target)}`).join('')}`,
    );
  }
  console.log(
    "(! = median over the target; cpu = the API process's CPU ms per call, see cpuTime; " +
      "dbcpu = the PostgreSQL backends' serving it)",
  );
}

export async function reportBench() {
  const runs = [];
  const dir = await mkdtemp(path.join(tmpdir(), 'survey-bench-reports-'));
  let admin = null;
  try {
    if (process.env.BENCH_REPORT_PGLITE !== '0') {
      const envOf = (build) => ({ DATA_DIR: path.join(dir, build.label), DATABASE_URL: '' });
      for (const [label, results] of await bench('PGlite', envOf, null))
        runs.push([BEFORE || ENGINES ? `PGlite ${label}` : 'PGlite', 400, results]);
      printRuns(runs);
    }
    const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    if (serverUrl) {
      const pg = (await import('pg')).default;
      admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      // The other build's own schema, named after its checkout (its migrations may differ).
      const schemaOf = (build) =>
        build.label === 'this'
          ? SCHEMA
          : `${SCHEMA}_${path.basename(build.root).replace(/\W+/g, '_').toLowerCase()}`;
      for (const build of BUILDS.filter((b) => !b.sameAs))
        await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schemaOf(build)}`);
      const envOf = (build) => {
        const url = new URL(serverUrl);
        url.searchParams.set('options', `-c search_path=${schemaOf(build)}`);
        // DATA_DIR only holds the API's signing key here.
        return { DATABASE_URL: url.toString(), DATA_DIR: path.join(dir, `server-${build.label}`) };
      };
      for (const [label, results] of await bench('PostgreSQL', envOf, admin))
        runs.push([BEFORE || ENGINES ? `PG ${label}` : 'PostgreSQL', 150, results]);
      printRuns(runs);
    } else {
      console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)');
    }
  } finally {
    await admin?.end();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Alone, the APIs run as under bench.mjs: the demo's choices (mail catcher, a signing key).
  Object.assign(process.env, demoEnv(process.env, undefined));
  await reportBench();
}
