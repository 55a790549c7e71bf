#!/usr/bin/env node
// Gateway overhead and the dashboard (issue 4, benchmarks 2 and 3), on the demo data (a finished
// survey, Henkilöstökysely 2024 of Demo Oy), the API, the gateway and Hive Gateway each in its own
// process, the load in this one:
//  2. One report (the L-index distribution) as the direct REST call, through the gateway, and through
//     Hive Gateway serving a supergraph composed from the API's /openapi.json with @omnigraph/openapi
//     (bench-hive-gateway.mjs): requests per second, p50 and p99 (autocannon, BENCH_GATEWAY_SECONDS
//     each, default 5, BENCH_CONNECTIONS connections, default 10).
//  3. The dashboard (reporting.md section 2): each of its REST calls alone, their sum, the same calls
//     sent at once by one client, and the one GraphQL request (gateway, and Hive Gateway with the
//     calls as root fields): p50 over BENCH_DASHBOARD_ROUNDS (20) sequential rounds, interleaved so that
//     the machine's load drifts into every column alike. On PostgreSQL also on the 50,000-participant
//     scale survey (seeded into the same schema), whose reads take tens of milliseconds each: there
//     the calls' parallelism, not the per-request overhead, decides (PGlite answers one query at a
//     time, so no way of asking can beat the sum there).
// On PGlite (the demo's embedded database, in memory) and, when BENCH_DATABASE_URL or DATABASE_URL
// is set, on PostgreSQL (schema `bench_gateway`, seeded with the demo data on first use).
//
// Run from bench.mjs (`npm run bench`) or alone after `npm run build`: `node scripts/bench-gateway.mjs`.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { getIntrospectionQuery } from 'graphql';

// A first read of a survey waits for its anonymity gate, as long as it takes: the bench times reads
// (people get 503 "being prepared" after REPORT_GATE_WAIT_MS's 2 s default instead).
const GATE_WAIT = { REPORT_GATE_WAIT_MS: '600000' };

const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_GATEWAY_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_DASHBOARD_ROUNDS ?? 20);
const SCHEMA = 'bench_gateway';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'DemoPass2026';
const DEMO_OY = 'de300000-0000-4000-8000-000000000001';
const HK24 = 'de300000-0000-4000-8000-000000000301'; // ended, about 460 finished
const SCALE = 50_000; // the scale profile's finished participants

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** SIGTERM, and SIGKILL if it is still running after 5 s. */
function stopProcess(child, exited) {
  child.kill();
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  return exited.then(() => clearTimeout(timer));
}

/** A script in its own process, ready once `readyPath` answers 200. */
async function startProcess(entry, env, readyPath) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: port, HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let tries = 0; tries < 360 && child.exitCode === null; tries += 1) {
    if (
      await fetch(`${url}${readyPath}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop: () => stopProcess(child, exited) };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`${entry} did not become ready`);
}

/** The API, the gateway in front of it and Hive Gateway composed from its OpenAPI description. */
async function startStack(env) {
  const [smtp, inbox] = await Promise.all([freePort(), freePort()]);
  const api = await startProcess(
    'apps/api/dist/server.js',
    { MAIL_CATCHER_SMTP_PORT: smtp, MAIL_CATCHER_HTTP_PORT: inbox, ...GATE_WAIT, ...env },
    '/readyz',
  );
  const started = performance.now();
  const [gateway, hive] = await Promise.all([
    startProcess(
      'apps/gateway/dist/server.js',
      { API_URL: api.url, COOKIE_SECURE: 'false' },
      '/readyz',
    ),
    startProcess('scripts/bench-hive-gateway.mjs', { API_URL: api.url }, '/readiness'),
  ]);
  const hiveSeconds = (performance.now() - started) / 1000;
  return {
    api,
    gateway,
    hive,
    hiveSeconds,
    hiveAnswer: await hiveAnswers(hive.url),
    stop: () => Promise.all([hive.stop(), gateway.stop(), api.stop()]),
  };
}

const graphql = (query, variables) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query, variables }),
});

/** One call, its body checked: a 2xx, no GraphQL errors and no problem answered as data. */
async function call(url, init, auth) {
  const res = await fetch(url, { ...init, headers: { ...init.headers, ...auth } });
  const body = await res.json();
  const problem = JSON.stringify(body).includes('"__typename":"Problem');
  if (!res.ok || body.errors || problem)
    throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 400)}`);
  return body;
}

const setsOf = (surveyId) => [{ surveyId, filters: {} }];
const restQuery = (query) => `?${new URLSearchParams(query)}`;
const reportQuery = (surveyId) => ({
  reportLanguage: 'en-US',
  sets: JSON.stringify(setsOf(surveyId)),
});
/**
 * The whole answer of each Hive Gateway root field, as a selection set read from its schema: every
 * field of the typed answer (the report reads' response schemas in /openapi.json) or `JSON` for an
 * untyped one, and the problem type an error status answers. So Hive returns what our gateway does
 * (typed since the report answers have response schemas in /openapi.json).
 */
async function hiveAnswers(url) {
  const res = await fetch(`${url}/graphql`, graphql(getIntrospectionQuery()));
  const { data } = await res.json();
  const types = new Map(data.__schema.types.map((type) => [type.name, type]));
  const named = (type) => (type.ofType ? named(type.ofType) : type);
  const select = (name, depth) => {
    const type = types.get(name);
    if (type.kind === 'SCALAR' || type.kind === 'ENUM') return '';
    if (depth === 0) return null;
    if (type.kind === 'UNION') {
      const branches = type.possibleTypes.flatMap(({ name: branch }) => {
        const inner = select(branch, depth);
        return inner ? [`... on ${branch} ${inner}`] : [];
      });
      return `{ __typename ${branches.join(' ')} }`;
    }
    // omnigraph merges the anyOf of a group and its suppressed marker into one type whose
    // `suppressed` is non-null, so a group with values fails on it: the bench's groups are shown.
    const fields = type.fields
      .filter((field) => field.args.length === 0 && field.name !== 'suppressed')
      .flatMap((field) => {
        const inner = select(named(field.type).name, depth - 1);
        return inner === null ? [] : [`${field.name} ${inner}`];
      });
    return fields.length > 0 ? `{ ${fields.join(' ')} }` : null;
  };
  const roots = new Map(
    data.__schema.types.find((t) => t.name === 'Query').fields.map((f) => [f.name, f]),
  );
  return (rootField) => select(named(roots.get(rootField).type).name, 8);
}

/** Benchmark 2: the L-index distribution of one survey, three ways. */
function sameReport(stack, surveyId) {
  return [
    {
      name: 'REST GET /report/lindexcompare',
      url: `${stack.api.url}/report/lindexcompare${restQuery(reportQuery(surveyId))}`,
      init: { method: 'GET', headers: {} },
      participants: (body) => body.data[0].participants,
    },
    {
      name: 'gateway: report { lIndex }',
      url: `${stack.gateway.url}/graphql`,
      init: graphql(
        `
          query ($sets: [ReportSetInput!]!) {
            report(sets: $sets, language: "en-US") {
              lIndex {
                title
                subtitle
                groups {
                  name
                  suppressed
                  participants
                  average
                  bins {
                    from
                    to
                    count
                    share
                  }
                }
              }
            }
          }
        `,
        { sets: [{ surveyId }] },
      ),
      participants: (body) => body.data.report.lIndex.groups[0].participants,
    },
    {
      name: 'Hive Gateway: report_lindexcompare',
      url: `${stack.hive.url}/graphql`,
      init: graphql(
        `query($sets: String!) { report_lindexcompare(sets: $sets, reportLanguage: "en-US") ${stack.hiveAnswer('report_lindexcompare')} }`,
        { sets: JSON.stringify(setsOf(surveyId)) },
      ),
      participants: (body) => body.data.report_lindexcompare.data[0].participants,
    },
  ];
}

function load({ name, url, init }, auth) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: init.method,
        headers: { ...init.headers, ...auth },
        body: init.body,
        duration: SECONDS,
        connections: CONNECTIONS,
        title: name,
      },
      (error, result) => {
        if (error) reject(error);
        else if (result.non2xx > 0 || result.errors > 0)
          reject(new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`));
        else resolve(result);
      },
    );
  });
}

async function overhead(stack, auth) {
  const ways = sameReport(stack, HK24);
  // The same report all three ways: the same participants, no errors, before any load.
  const counts = await Promise.all(
    ways.map(async (way) => way.participants(await call(way.url, way.init, auth))),
  );
  if (new Set(counts).size !== 1) throw new Error(`different answers: ${counts.join(', ')}`);
  const results = [];
  for (const way of ways) results.push([way.name, await load(way, auth)]);
  return results;
}

/** The dashboard's one GraphQL request (its widgets' reads; also bench-reports.mjs's dashboard row). */
export const DASHBOARD_QUERY = `
        query Dashboard($sets: [ReportSetInput!]!, $surveyId: ID!, $companyId: ID!) {
          report(sets: $sets, language: "en-US") {
            lIndex {
              groups {
                name
                suppressed
                participants
                average
                bins {
                  from
                  to
                  count
                  share
                }
              }
            }
            enps {
              groups {
                name
                participants
                score
                detractors
                passives
                promoters
                answers {
                  score
                  count
                }
              }
            }
            realizationsBy {
              datasets {
                name
                participants
              }
              criteria {
                criterion {
                  id
                  name
                }
                realizations {
                  value
                }
              }
            }
            changeJobWillingness {
              participants
              willing
              share
            }
          }
          lIndexTrend(companyId: $companyId) {
            surveyId
            name
            date
            lIndex
            suppressed
          }
          survey(id: $surveyId) {
            id
            name
            invitesSent
            finished
            hasEnded
            responseActivity {
              count
              invited
              finishedCount
              byUnits {
                unitId
                name
                count
                finished
                responsePercentage
              }
            }
          }
        }
`;

/** Benchmark 3: the dashboard's REST calls for one survey, one by one and as one GraphQL request. */
function dashboard(stack, surveyId, companyId) {
  const report = reportQuery(surveyId);
  const rest = [
    ['/report/lindexcompare', `/report/lindexcompare${restQuery(report)}`], // index distribution
    ['/rollup/trend/{companyId}', `/rollup/trend/${companyId}`], // index trend
    ['/report/enps', `/report/enps${restQuery(report)}`],
    ['/report/realizationbyvariables', `/report/realizationbyvariables${restQuery(report)}`],
    ['/surveys/{id}', `/surveys/${surveyId}`], // the survey status text
    ['/surveys/responseactivity/{id}', `/surveys/responseactivity/${surveyId}`],
    [
      '/report/changejobwillingness/{id}',
      `/report/changejobwillingness/${surveyId}?reportLanguage=en-US`,
    ],
  ].map(([name, route]) => ({
    name: `REST ${name}`,
    url: `${stack.api.url}${route}`,
    init: { method: 'GET', headers: {} },
  }));
  const gateway = {
    name: 'gateway: one GraphQL request',
    url: `${stack.gateway.url}/graphql`,
    init: graphql(DASHBOARD_QUERY, { sets: [{ surveyId }], surveyId, companyId }),
  };
  const sets = JSON.stringify(JSON.stringify(setsOf(surveyId)));
  const answer = stack.hiveAnswer;
  const hive = {
    name: 'Hive Gateway: one GraphQL request',
    url: `${stack.hive.url}/graphql`,
    init: graphql(`{
      lIndex: report_lindexcompare(sets: ${sets}, reportLanguage: "en-US") ${answer('report_lindexcompare')}
      trend: rollup_trend_by_id(id: "${companyId}") ${answer('rollup_trend_by_id')}
      enps: report_enps(sets: ${sets}, reportLanguage: "en-US") ${answer('report_enps')}
      realizations: report_realizationbyvariables(sets: ${sets}, reportLanguage: "en-US") ${answer('report_realizationbyvariables')}
      survey: surveys_by_id(id: "${surveyId}") ${answer('surveys_by_id')}
      activity: surveys_responseactivity_by_id(id: "${surveyId}") ${answer('surveys_responseactivity_by_id')}
      changeJob: report_changejobwillingness_by_id(id: "${surveyId}", reportLanguage: "en-US") ${answer('report_changejobwillingness_by_id')}
    }`),
  };
  return { rest, gateway, hive };
}

async function dashboardTimes(stack, auth, surveyId, companyId) {
  const { rest, gateway, hive } = dashboard(stack, surveyId, companyId);
  const once = (subject) => () => call(subject.url, subject.init, auth);
  const subjects = [
    ...rest.map((subject) => [subject.name, once(subject)]),
    ['REST: the 7 calls at once, one client', () => Promise.all(rest.map((s) => once(s)()))],
    [gateway.name, once(gateway)],
    [hive.name, once(hive)],
  ];
  const times = new Map(subjects.map(([name]) => [name, []]));
  for (let round = -3; round < ROUNDS; round += 1) {
    for (const [name, run] of subjects) {
      const started = performance.now();
      await run();
      if (round >= 0) times.get(name).push(performance.now() - started);
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    rest: rest.map((s) => s.name),
    p50: new Map([...times].map(([k, v]) => [k, median(v)])),
  };
}

async function login(apiUrl, email = 'super@demo.test') {
  const res = await fetch(`${apiUrl}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { token } = await res.json();
  if (!token) throw new Error(`login failed: ${res.status}`);
  return { authorization: `Bearer ${token}` };
}

/** Seeds the scale profile into the server's schema (once; idempotent) and analyzes its tables. */
async function seedScale(env) {
  const code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['apps/api/dist/demo/seed-cli.js', '--scale', String(SCALE)],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: 'ignore' },
    );
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`seeding the scale profile exited ${code}`);
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  for (const table of ['participants', 'responses', 'units', 'comments'])
    await client.query(`VACUUM ANALYZE ${table}`);
  await client.end();
  const { demoUuid } = await import('../apps/api/dist/demo/responses.js');
  return {
    surveyId: demoUuid(`survey-console-scale-1:${SCALE}:survey`),
    companyId: demoUuid(`survey-console-scale-1:${SCALE}:company`),
  };
}

async function bench(backend, env) {
  const started = performance.now();
  const scale = backend === 'PostgreSQL' ? await seedScale(env) : null;
  const stack = await startStack(env);
  try {
    const auth = await login(stack.api.url);
    const reports = await overhead(stack, auth);
    const board = await dashboardTimes(stack, auth, HK24, DEMO_OY);
    // The scale company is not the SuperUser's: the Admin reads it.
    const boardScale = scale
      ? await dashboardTimes(
          stack,
          await login(stack.api.url, 'admin@demo.test'),
          scale.surveyId,
          scale.companyId,
        )
      : null;
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(
      `\n${backend}: stack up and measured in ${seconds} s ` +
        `(Hive Gateway composed from /openapi.json and ready in ${stack.hiveSeconds.toFixed(1)} s)`,
    );
    return { backend, reports, board, boardScale };
  } finally {
    await stack.stop();
  }
}

const ms = (value) => value.toFixed(1).padStart(8);

function printRuns(runs) {
  console.log(
    `\ngateway overhead: the L-index distribution of one finished survey (about 460 participants), ` +
      `${SECONDS} s each, ${CONNECTIONS} connections`,
  );
  for (const { backend, reports } of runs) {
    console.log(`${backend.padEnd(40)}    req/s   p50 ms   p99 ms   req/s vs REST`);
    const direct = reports[0][1].requests.average;
    for (const [name, r] of reports)
      console.log(
        `  ${name.padEnd(38)}${r.requests.average.toFixed(0).padStart(8)}${String(r.latency.p50).padStart(9)}` +
          `${String(r.latency.p99).padStart(9)}${(r.requests.average / direct).toFixed(2).padStart(14)}x`,
      );
  }
  printDashboard(
    `the dashboard of the same survey (reporting.md section 2): p50 ms over ${ROUNDS} sequential rounds`,
    runs.map(({ backend, board }) => ({ backend, board })),
  );
  const scaled = runs.filter((run) => run.boardScale);
  if (scaled.length > 0)
    printDashboard(
      `the dashboard of the ${SCALE.toLocaleString('en')}-participant scale survey: p50 ms over ${ROUNDS} sequential rounds`,
      scaled.map(({ backend, boardScale }) => ({ backend, board: boardScale })),
    );
}

/** The dashboard's calls one by one, their sum, at once and as one GraphQL request, per backend. */
function printDashboard(title, runs) {
  console.log(`\n${title}`);
  console.log(`${''.padEnd(44)}${runs.map((r) => r.backend.padStart(12)).join('')}`);
  const row = (name, values) =>
    console.log(`  ${name.padEnd(42)}${values.map((v) => ms(v).padStart(12)).join('')}`);
  const first = runs[0].board;
  for (const name of first.rest)
    row(
      name,
      runs.map((r) => r.board.p50.get(name)),
    );
  const slowest = runs.map(({ board }) => Math.max(...board.rest.map((n) => board.p50.get(n))));
  const sum = runs.map(({ board }) => board.rest.reduce((s, n) => s + board.p50.get(n), 0));
  row('slowest single call', slowest);
  row('REST: the 7 calls one by one (sum)', sum);
  for (const name of [
    'REST: the 7 calls at once, one client',
    'gateway: one GraphQL request',
    'Hive Gateway: one GraphQL request',
  ])
    row(
      name,
      runs.map((r) => r.board.p50.get(name)),
    );
  const ratio = (label, of) =>
    console.log(
      `  ${label.padEnd(42)}${runs.map((r, i) => `${of(r.board.p50, i).toFixed(2)}x`.padStart(12)).join('')}`,
    );
  ratio(
    'gateway / slowest single call',
    (p50, i) => p50.get('gateway: one GraphQL request') / slowest[i],
  );
  ratio('gateway / sum', (p50, i) => p50.get('gateway: one GraphQL request') / sum[i]);
  ratio(
    'gateway / the 7 calls at once',
    (p50) =>
      p50.get('gateway: one GraphQL request') / p50.get('REST: the 7 calls at once, one client'),
  );
}

export async function gatewayBench() {
  const runs = [];
  runs.push(await bench('PGlite', { DATA_DIR: 'memory', DATABASE_URL: '' }));
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
    const dir = await mkdtemp(path.join(tmpdir(), 'survey-bench-gateway-'));
    try {
      runs.push(await bench('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: dir }));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } else {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)');
  }
  printRuns(runs);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await gatewayBench();
