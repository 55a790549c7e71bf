#!/usr/bin/env node
// Benchmarks, side by side in one run on this machine. Absolute numbers are noisy here; quote ratios.
//  1. `me` through the gateway (GraphQL) against the same REST call made directly (POST /account/authorize),
//     api and gateway each in its own process, autocannon in this one.
//  2. The JavaScript each route downloads in Chromium (gzip), against the 200 KB budget of the login route.
//  3. Importing 10,000 participants from an .xlsx through the REST API (target under 10 s).
//  4. The participant list of that 10,000-participant survey (page of 20, one search) through the gateway
//     against the direct REST call, and inviting all 10,000 to a local SMTP sink (target under a minute).
//  5. Report call latency on the 50,000-participant profile, PGlite and PostgreSQL (bench-reports.mjs).
//  6. One report direct, through the gateway and through Hive Gateway (composed from /openapi.json), and
//     the dashboard's REST calls against its one GraphQL request (bench-gateway.mjs).
//  7. The anonymity auditor on the demo data and the 50,000 profile (bench-anonymity.mjs).
//  8. AI search quality over the demo comments and search latency on the 50,000-participant profile,
//     PGlite and PostgreSQL (bench-ai.mjs).
//  9. The questionnaire: 1,000 invited participants answering at once through the REST API (open,
//     save in five steps, finish), paced as the page saves and in bursts, p50/p95 and CPU per step,
//     and 10,000 finishes, on PGlite and PostgreSQL (bench-questionnaire.mjs).
// 10. CPU per request: a `survey(id)` read through the gateway, the gateway's and the API's CPU ms per
//     request (process.cpuUsage over BENCH_CPU_REQUESTS, default 5,000), against a stock Apollo Server
//     with DataLoader and undici (bench-cpu.mjs); PGlite and, with DATABASE_URL, PostgreSQL.
// 11. Scale-out behind HAProxy on PostgreSQL: 1 gateway against 2 and 1 API against 2 (requests per
//     second, p99), and the mail queue's throughput to the catcher, 10,000 invitations (bench-scale.mjs).
// 12. The supervisors' send at 200 units: every unit's package PDF built and stored and its mail sent
//     (target 2 minutes), with the processes' peak memory (bench-supervisors.mjs).
// What the report cell statistics (issue 30) must not slow down, and the dashboard they serve, each
// with and without them in one run (small by default; a size variable for bigger runs):
// 13. indexbuild: the AI search index build with and without migration 024's comment indexes, and
//     the batch's statistics made from its rows (bench-index-build.mjs; BENCH_INDEX_BUILD_COUNT,
//     default 10,000 participants).
// 14. saves: the questionnaire (as 9) without the cell statistics (REPORT_CELL_STATS=false, and on
//     PostgreSQL migration 024's comment indexes dropped) beside with them, and the ratios
//     (BENCH_SAVES_PARTICIPANTS, default 300, and BENCH_SAVES_FINISHES, default 2,000).
// 15. dashboard: the dashboard's whole set of widget reads, its one GraphQL request through the
//     gateway, p50/p95 with the cell statistics beside the rows engine, with the report calls of
//     the range counts (bench-reports.mjs; target 150 ms; BENCH_DASHBOARD_COUNT, default 10,000).
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { aiBench } from './bench-ai.mjs';
import { anonymityBench } from './bench-anonymity.mjs';
import {
  createCompanySurvey,
  freePort,
  signInAdmin,
  startProcess,
  startSmtpSink,
  stopProcess,
} from './bench-stack.mjs';
import { cpuBench } from './bench-cpu.mjs';
import { demoEnv } from './demo-env.mjs';
import { gatewayBench } from './bench-gateway.mjs';
import { indexBuildBench } from './bench-index-build.mjs';
import { questionnaireBench } from './bench-questionnaire.mjs';
import { reportBench } from './bench-reports.mjs';
import { scaleBench } from './bench-scale.mjs';
import { supervisorsBench } from './bench-supervisors.mjs';

// The benchmarks' APIs run as the demo does (demo data, mail catcher, one key for all instances).
Object.assign(process.env, demoEnv(process.env, undefined));

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// BENCH_ONLY=me,admin,routes,reports,gateway,anonymity,ai,questionnaire,cpu,scale,supervisors,indexbuild,
// saves,dashboard runs only those parts (default: all).
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const part = (name) => !only || only.includes(name);

/** An ended demo survey with enough answers for every report. */
const DEMO_SURVEY = 'de300000-0000-4000-8000-000000000301';

/** Routes measured after sign-in, each on its first load in a fresh tab, and what must show first. */
const SIGNED_IN_ROUTES = [
  ['/dashboard', 'main h1'],
  ['/report', 'main h1'],
  [`/report/currentsatisfaction?surveyId=${DEMO_SURVEY}`, '.highcharts-container'],
  [`/report/mostImportant?surveyId=${DEMO_SURVEY}`, 'main table'],
  [`/report/package?surveyId=${DEMO_SURVEY}`, 'main h1'],
  ['/surveys', 'main table'],
  ['/companies', 'main table'],
  ['/users', 'main table'],
  ['/logs', 'main table'],
];

/** Which heavy libraries a route's scripts hold: they must load only where they are used. */
const HEAVY = {
  highcharts: (url, text) => text.includes('Highcharts'),
  // The PDF builder names pdfmake's chunk for its dynamic import; only that chunk is pdfmake.
  pdfmake: (url) => /\/pdfmake-[\w-]+\.js$/.test(url),
};

/** Two autocannon results side by side and their ratio, gateway over direct. */
function printComparison(title, [directName, direct], [gatewayName, viaGateway]) {
  const row = (name, r) =>
    `${name.padEnd(32)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms`;
  console.log(`\n${title}: gateway vs direct REST (${duration}s each, ${connections} connections)`);
  console.log(row(directName, direct));
  console.log(row(gatewayName, viaGateway));
  console.log(
    `ratio gateway/direct: throughput ${(viaGateway.requests.average / direct.requests.average).toFixed(2)}x, ` +
      `p50 ${(viaGateway.latency.p50 / Math.max(direct.latency.p50, 1)).toFixed(2)}x, ` +
      `p99 ${(viaGateway.latency.p99 / Math.max(direct.latency.p99, 1)).toFixed(2)}x`,
  );
}

function run(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration, connections, ...options, title }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0 || result.errors > 0)
        reject(new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      else resolve(result);
    });
  });
}

// The parts that share one API, gateway and SMTP sink; the others start their own.
if (part('me') || part('admin') || part('routes')) {
  const [apiPort, gatewayPort, smtpPort, inboxPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const api = { url: `http://127.0.0.1:${apiPort}` };
  const sink = await startSmtpSink(smtpPort);
  const gateway = { url: `http://127.0.0.1:${gatewayPort}` };
  const apiProcess = await startProcess(
    'apps/api/dist/server.js',
    {
      PORT: apiPort,
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      // Mail goes to the sink in this process (no parsing or storing), as to a real mail server.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_CATCHER_HTTP_PORT: inboxPort,
    },
    `${api.url}/readyz`,
  );
  const gatewayProcess = await startProcess(
    'apps/gateway/dist/server.js',
    { PORT: gatewayPort, HOST: '127.0.0.1', API_URL: api.url, COOKIE_SECURE: 'false' },
    `${gateway.url}/readyz`,
  );
  try {
    const auth = await signInAdmin(api.url);

    if (part('me')) {
      const direct = await run('REST POST /account/authorize', {
        url: `${api.url}/account/authorize`,
        method: 'POST',
        headers: auth,
      });
      const viaGateway = await run('GraphQL { me } via gateway', {
        url: `${gateway.url}/graphql`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: '{ me { id email displayName role language companies { id name } } }',
        }),
      });

      printComparison(
        'me',
        ['REST /account/authorize', direct],
        ['GraphQL me via gateway', viaGateway],
      );
    }

    if (part('admin')) {
      const importedSurveyId = await importBench(api.url, auth);
      await participantListBench(api.url, gateway.url, auth, importedSurveyId);
      await inviteBench(api.url, auth, importedSurveyId, sink);
    }
    if (part('routes')) await routeSizes(gateway.url);
  } finally {
    await stopProcess(gatewayProcess);
    await stopProcess(apiProcess);
    await sink.close();
  }
}

if (part('reports')) await reportBench();
if (part('gateway')) await gatewayBench();
if (part('anonymity')) await anonymityBench();
if (part('questionnaire')) await questionnaireBench();
if (part('cpu')) await cpuBench();
if (part('scale')) await scaleBench();
if (part('supervisors')) await supervisorsBench();
// 8. AI search quality (recall@10, nDCG@10 of BM25, vector leg, hybrid) and latency (bench-ai.mjs).
if (part('ai')) await aiBench();
if (part('indexbuild')) await indexBuildBench();
if (part('saves'))
  await script('scripts/bench-questionnaire.mjs', {
    BENCH_QUESTIONNAIRE_CELLS: '1',
    BENCH_PARTICIPANTS: process.env.BENCH_SAVES_PARTICIPANTS ?? '300',
    BENCH_FINISHES: process.env.BENCH_SAVES_FINISHES ?? '2000',
  });
if (part('dashboard'))
  await script('scripts/bench-reports.mjs', {
    BENCH_REPORT_COUNT: process.env.BENCH_DASHBOARD_COUNT ?? '10000',
    BENCH_REPORT_ENGINES: '1',
    BENCH_REPORT_ROUNDS: process.env.BENCH_REPORT_ROUNDS ?? '1',
    BENCH_REPORT_ONLY: 'dashboard,opencommentcounts',
  });

/**
 * A bench script in a process of its own with some of its settings made for this part (they are
 * read once when a script is loaded), its output passed through.
 */
function script(file, env) {
  return new Promise((resolve, reject) =>
    spawn(process.execPath, [file], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
      .on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited ${code}`))))
      .on('error', reject),
  );
}

/**
 * Imports 10,000 participants (with two unit levels) from an .xlsx written here, posted straight to
 * the REST API into a new company's survey. Target: under 10 s.
 */
async function importBench(apiUrl, auth) {
  const ExcelJS = (await import('exceljs')).default;
  const { company, survey } = await createCompanySurvey(apiUrl, auth, 'Import bench', 'IB');
  const rows = 10_000;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Participants');
  sheet.addRow(['Email', 'First name', 'Last name', 'Language code', 'Unit1', 'Unit2']);
  for (let i = 0; i < rows; i += 1) {
    const language = ['fi-FI', 'sv', 'en-US'][i % 3];
    sheet.addRow([
      `p${i}@bench.test`,
      `First${i}`,
      `Last${i}`,
      language,
      `Region ${i % 10}`,
      `Team ${i % 200}`,
    ]);
  }
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  const form = new FormData();
  form.set('companyId', company.id);
  form.set('surveyId', survey.id);
  form.set('file', new Blob([file]), 'participants.xlsx');
  const started = performance.now();
  const res = await fetch(`${apiUrl}/import/participants/`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const result = await res.json();
  const seconds = (performance.now() - started) / 1000;
  if (!res.ok || result.successfulImportsCount !== rows)
    throw new Error(`import: ${res.status} ${JSON.stringify(result).slice(0, 300)}`);
  console.log(
    `\nimport ${rows.toLocaleString('en')} participants (${(file.length / 1024).toFixed(0)} KB .xlsx, ` +
      `REST POST /import/participants/): ${seconds.toFixed(2)} s (target under 10 s)`,
  );
  return survey.id;
}

/** Page 1 (20 rows) of a search in the 10,000-participant survey: GraphQL via the gateway vs REST. */
async function participantListBench(apiUrl, gatewayUrl, auth, surveyId) {
  const search = 'last12';
  const direct = await run('REST participant page', {
    url: `${apiUrl}/surveys/participants/${surveyId}/0/20?query=${search}`,
    headers: auth,
  });
  const viaGateway = await run('GraphQL participant page via gateway', {
    url: `${gatewayUrl}/graphql`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `query($surveyId: ID!, $search: String) { survey(id: $surveyId) { id
        participants(skip: 0, take: 20, search: $search) { totalRecords
          records { id responderId name email languageCode inviteSent invited finished } } } }`,
      variables: { surveyId, search },
    }),
  });
  printComparison(
    `participant list, 10,000 participants, page of 20, search "${search}"`,
    ['REST /surveys/participants', direct],
    ['GraphQL participants via gateway', viaGateway],
  );
  // The GraphQL request also reads the survey (GET /surveys/{id}, which counts its participants);
  // the gateway reads both at once. This row is that second read alone.
  const survey = await run('REST survey', { url: `${apiUrl}/surveys/${surveyId}`, headers: auth });
  console.log(
    `${'REST /surveys/{id} (also in the GraphQL request)'.padEnd(32)} ${survey.requests.average.toFixed(0).padStart(8)} req/s   ` +
      `p50 ${String(survey.latency.p50).padStart(4)} ms   p99 ${String(survey.latency.p99).padStart(4)} ms`,
  );
}

/**
 * Invites every participant of the survey (POST /surveys/invite/{id}): the answer comes at once with
 * the run, the mail queue then sends to the SMTP sink; polls the run until every mail is sent.
 * Target: all 10,000 in under 60 s.
 */
async function inviteBench(apiUrl, auth, surveyId, smtp) {
  const before = smtp.received();
  const started = performance.now();
  const res = await fetch(`${apiUrl}/surveys/invite/${surveyId}`, {
    method: 'POST',
    headers: auth,
  });
  let run = await res.json();
  const answered = (performance.now() - started) / 1000;
  if (!res.ok || run.total !== 10_000)
    throw new Error(`invite: ${res.status} ${JSON.stringify(run).slice(0, 300)}`);
  while (!run.finished) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    run = await (await fetch(`${apiUrl}/mailruns/${run.id}`, { headers: auth })).json();
  }
  const seconds = (performance.now() - started) / 1000;
  if (run.sent !== 10_000 || smtp.received() - before !== run.sent)
    throw new Error(
      `invite: ${run.sent} sent, ${smtp.received() - before} received, ${run.failed} failed ` +
        JSON.stringify(run.failures?.[0]),
    );
  console.log(
    `\ninvite ${run.sent.toLocaleString('en')} participants (REST POST /surveys/invite, mail queue, ` +
      `SMTP sink on loopback): answered in ${answered.toFixed(2)} s, all sent in ${seconds.toFixed(2)} s, ` +
      `${(run.sent / seconds).toFixed(0)} mails/s (target under 60 s)`,
  );
}

/**
 * Loads each route in Chromium and sums the gzip size of every script it fetched: /login and
 * /privacy signed out, the others signed in, each in a fresh tab (the HTTP cache shared, as for a
 * user who signed in first; the sizes count every script the route runs, cached or not).
 */
async function routeSizes(gatewayUrl) {
  const web = await preview({
    root: fileURLToPath(new URL('../apps/web/', import.meta.url)),
    configFile: false,
    logLevel: 'silent',
    preview: { port: 0, host: '127.0.0.1', proxy: { '/graphql': gatewayUrl } },
  });
  const webUrl = `http://127.0.0.1:${web.httpServer.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  /** gzip bytes of the scripts `page` fetches while `action` runs, and the heavy libraries among them. */
  const measure = async (page, action) => {
    const scripts = new Map();
    const onResponse = async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body();
      scripts.set(response.url(), { bytes: gzipSync(body).length, text: body.toString('latin1') });
    };
    page.on('response', onResponse);
    await action();
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    const bytes = [...scripts.values()].reduce((sum, script) => sum + script.bytes, 0);
    const heavy = Object.entries(HEAVY)
      .filter(([, holds]) => [...scripts].some(([url, script]) => holds(url, script.text)))
      .map(([name]) => name);
    return { bytes, heavy };
  };
  const visit = (page, path, selector) => () =>
    page.goto(`${webUrl}${path}`).then(() => page.locator(selector).first().waitFor());
  try {
    const rows = [];
    const signedOut = await browser.newContext();
    const page = await signedOut.newPage();
    rows.push(['/login', await measure(page, visit(page, '/login', 'form'))]);
    const privacy = await signedOut.newPage();
    rows.push(['/privacy', await measure(privacy, visit(privacy, '/privacy/en', 'h1'))]);
    await page.getByLabel('Email', { exact: true }).fill('admin@demo.test');
    await page
      .getByLabel('Password', { exact: true })
      .fill(process.env.DEMO_PASSWORD ?? 'DemoPass2026');
    const signIn = () =>
      page
        .getByRole('button', { name: 'Sign in' })
        .click()
        .then(() => page.locator('header').waitFor());
    rows.push(['/ after sign-in (added)', await measure(page, signIn)]);
    for (const [path, selector] of SIGNED_IN_ROUTES) {
      const tab = await signedOut.newPage();
      rows.push([path.split('?')[0], await measure(tab, visit(tab, path, selector))]);
      await tab.close();
    }
    console.log('\nJavaScript per route (gzip, in Chromium; budget: /login under 200 KB)');
    for (const [route, { bytes, heavy }] of rows)
      console.log(
        `${route.padEnd(30)} ${(bytes / 1024).toFixed(1).padStart(7)} KB   ${heavy.join(', ')}`,
      );
    const login = rows[0][1];
    if (login.bytes > 200 * 1024 || login.heavy.length > 0)
      console.log('/login is over its budget or loads a library it does not use');
  } finally {
    await browser.close();
    await new Promise((resolve) => web.httpServer.close(resolve));
  }
}
