#!/usr/bin/env node
// CPU per request (issue 13, point 5): BENCH_CPU_REQUESTS (default 5,000) `survey(id)` reads through
// the gateway, with the CPU time each process spent on them (process.cpuUsage, read in the process
// by scripts/cpu-probe.mjs), divided by the number of requests: the gateway, the API behind it, and
// a stock Apollo Server with a DataLoader and undici answering the same read (bench-cpu-stock.mjs)
// as the reference. CPU time, unlike latency, hardly depends on what else the machine runs.
// PGlite (in memory) and, when BENCH_DATABASE_URL or DATABASE_URL is set, PostgreSQL (schema
// `bench_cpu`, seeded with the demo data on first use). BENCH_CONNECTIONS connections (default 10).
//
// Run from bench.mjs (`npm run bench`, part `cpu`) or alone after `npm run build`:
// `node scripts/bench-cpu.mjs`. BENCH_CPU_PROFILE=<dir> writes the gateway's CPU profiles there
// (node --cpu-prof; open them in Chrome's DevTools, or `node scripts/cpuprofile-top.mjs <dir>`).
// BENCH_CPU_ROUNDS (default 3) rounds, each measuring every subject once in turn, and the median
// of the rounds is printed, with the load average before and after. BENCH_GATEWAY_BEFORE=<path to
// another build's server.js> runs that gateway beside this one, against the same API, in the same
// rounds, and prints the ratio.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

// A first read of a survey waits for its anonymity gate, as long as it takes: the bench times reads
// (people get 503 "being prepared" after REPORT_GATE_WAIT_MS's 2 s default instead).
const GATE_WAIT = { REPORT_GATE_WAIT_MS: '600000' };

const root = fileURLToPath(new URL('..', import.meta.url));
const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 5000);
const WARMUP = Math.min(1000, REQUESTS);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SCHEMA = 'bench_cpu';
const ROUNDS = Math.max(1, Number(process.env.BENCH_CPU_ROUNDS ?? 3));
const PROFILE = process.env.BENCH_CPU_PROFILE;
const BEFORE = process.env.BENCH_GATEWAY_BEFORE;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'DemoPass2026';
const SURVEY = 'de300000-0000-4000-8000-000000000301'; // Henkilöstökysely 2024 of Demo Oy
const QUERY =
  'query Survey($id: ID!) { survey(id: $id) { id name shortName companyId created hasEnded } }';

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const graphql = (url, auth) => ({
  url: `${url}/graphql`,
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ query: QUERY, variables: { id: SURVEY } }),
});

/** A script in its own process with the CPU probe preloaded; ready once `ready(url)` holds. */
async function startProcess(entry, env, ready, nodeOptions = []) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...nodeOptions, '--import', './scripts/cpu-probe.mjs', entry],
    {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: port, HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  /** User plus system CPU microseconds the process has spent so far. */
  const cpu = () =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (!message?.cpu) return;
        child.off('message', onMessage);
        resolve(message.cpu.user + message.cpu.system);
      };
      child.on('message', onMessage);
      if (!child.send('cpu')) reject(new Error(`${entry}: the CPU probe is not listening`));
    });
  for (let tries = 0; tries < 360 && child.exitCode === null; tries += 1) {
    if (await ready(url).catch(() => false)) return { url, cpu, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`${entry} did not become ready`);
}

const readyz = async (url) => (await fetch(`${url}/readyz`)).ok;
const answersGraphQL = async (url) =>
  (
    await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    })
  ).ok;

async function login(apiUrl) {
  const res = await fetch(`${apiUrl}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: PASSWORD }),
  });
  const { token } = await res.json();
  if (!token) throw new Error(`login failed: ${res.status}`);
  return { authorization: `Bearer ${token}` };
}

function load(options, amount) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, amount, ...options }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0 || result.errors > 0)
        reject(new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      else resolve(result);
    });
  });
}

/** CPU ms per request of each process while `amount` requests of `options` run (after a warm-up). */
async function cpuPerRequest(options, processes) {
  await load(options, WARMUP);
  const before = await Promise.all(processes.map((p) => p.cpu()));
  const result = await load(options, REQUESTS);
  const after = await Promise.all(processes.map((p) => p.cpu()));
  return {
    perRequest: after.map((end, i) => (end - before[i]) / 1000 / REQUESTS),
    requestsPerSecond: result.requests.average,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

async function bench(backend, env) {
  const [smtp, inbox] = await Promise.all([freePort(), freePort()]);
  const api = await startProcess(
    'apps/api/dist/server.js',
    { MAIL_CATCHER_SMTP_PORT: smtp, MAIL_CATCHER_HTTP_PORT: inbox, ...GATE_WAIT, ...env },
    readyz,
  );
  // BENCH_GATEWAY_LOG_LEVEL=info: the gateways log as in production (each request's completion line).
  const gatewayEnv = {
    API_URL: api.url,
    COOKIE_SECURE: 'false',
    ...(process.env.BENCH_GATEWAY_LOG_LEVEL
      ? { LOG_LEVEL: process.env.BENCH_GATEWAY_LOG_LEVEL }
      : {}),
  };
  const profile = PROFILE ? ['--cpu-prof', '--cpu-prof-dir', PROFILE] : [];
  const subjects = [
    {
      name: 'gateway',
      process: await startProcess('apps/gateway/dist/server.js', gatewayEnv, readyz, profile),
    },
  ];
  if (BEFORE)
    subjects.push({
      name: 'gateway before',
      process: await startProcess(BEFORE, gatewayEnv, readyz),
    });
  subjects.push({
    name: 'stock',
    process: await startProcess(
      'scripts/bench-cpu-stock.mjs',
      { API_URL: api.url },
      answersGraphQL,
      process.env.BENCH_CPU_PROFILE_STOCK
        ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROFILE_STOCK]
        : [],
    ),
  });
  try {
    const auth = await login(api.url);
    for (const { process: subject } of subjects) {
      const { url: target, ...init } = graphql(subject.url, auth);
      const body = await (await fetch(target, init)).json();
      if (body.data?.survey?.id !== SURVEY)
        throw new Error(`${subject.url}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    const loadBefore = loadAverage();
    const rounds = subjects.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1)
      for (const [i, { process: subject }] of subjects.entries())
        rounds[i].push(await cpuPerRequest(graphql(subject.url, auth), [subject, api]));
    const results = Object.fromEntries(
      subjects.map(({ name }, i) => [
        name,
        {
          perRequest: [0, 1].map((p) => median(rounds[i].map((r) => r.perRequest[p]))),
          requestsPerSecond: median(rounds[i].map((r) => r.requestsPerSecond)),
          rounds: rounds[i].map((r) => r.perRequest[0]),
        },
      ]),
    );
    return { backend, results, load: [loadBefore, loadAverage()] };
  } finally {
    await Promise.all(subjects.map(({ process: subject }) => subject.stop()));
    await api.stop();
  }
}

export async function cpuBench() {
  const runs = [await bench('PGlite', { DATA_DIR: 'memory', DATABASE_URL: '' })];
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
    const dir = await mkdtemp(path.join(tmpdir(), 'survey-bench-cpu-'));
    try {
      runs.push(await bench('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: dir }));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } else {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)');
  }
  console.log(
    `\nCPU per request: survey(id), ${REQUESTS.toLocaleString('en')} requests after ` +
      `${WARMUP.toLocaleString('en')} to warm up, ${CONNECTIONS} connections (process.cpuUsage), ` +
      `median of ${ROUNDS} round${ROUNDS === 1 ? '' : 's'}`,
  );
  console.log(`${''.padEnd(44)}   CPU ms/request     req/s   rounds (ms)`);
  const row = (name, ms, rps, rounds = []) =>
    console.log(
      `  ${name.padEnd(42)}${ms.toFixed(3).padStart(17)}${rps.toFixed(0).padStart(10)}   ` +
        rounds.map((r) => r.toFixed(3)).join(' '),
    );
  const labels = {
    gateway: 'gateway',
    'gateway before': `gateway before (${BEFORE})`,
    stock: 'stock Apollo Server + DataLoader + undici',
  };
  for (const {
    backend,
    results,
    load: [loadBefore, loadAfter],
  } of runs) {
    console.log(`${backend} (load average ${loadBefore} before, ${loadAfter} after)`);
    for (const [name, result] of Object.entries(results)) {
      row(labels[name].slice(0, 42), result.perRequest[0], result.requestsPerSecond, result.rounds);
      row('  the API behind it', result.perRequest[1], result.requestsPerSecond);
    }
    const { gateway, stock } = results;
    console.log(
      `  gateway / stock: ${(gateway.perRequest[0] / stock.perRequest[0]).toFixed(2)}x (target: gateway under 0.35 ms)`,
    );
    if (results['gateway before'])
      console.log(
        `  gateway / gateway before: ${(gateway.perRequest[0] / results['gateway before'].perRequest[0]).toFixed(2)}x`,
      );
  }
  return runs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await cpuBench();
