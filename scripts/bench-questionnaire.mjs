// The questionnaire under load (issue 16): a company's invitation goes out at once, so many people
// answer in the same minutes. Each run starts its own API process (PGlite in memory, and PostgreSQL
// in a database of its own when BENCH_DATABASE_URL or DATABASE_URL is set) and its own SMTP sink,
// invites the participants of a new survey and reads their tokens from the invitations. Then,
// straight to the REST API through a pool of connections, as a proxy in front of the API would:
//  1. paced: BENCH_PARTICIPANTS (default 1,000) people answering at once as the page does: open,
//     five saves, finish, a pause of BENCH_THINK_MS (default 1500-4500 ms) before each call (the
//     page saves 1.5 s after a change, so nobody saves faster). p50/p95 per step, errors.
//  2. burst: as many more, every step fired by all of them at the same moment (open, then save 1,
//     … save 5, then finish), no pause. A step's p95 is then its queue: 1,000 / throughput.
//  3. finishing: BENCH_FINISHES (default 10,000) participations finished as fast as the pool goes.
// For every step the CPU time per call of the API process and of the PostgreSQL server's backends
// (from /proc; wall time on this shared machine mostly measures the others' load).
// BENCH_API_BEFORE=<path to another build's server.js> runs that build beside this one, alternately
// in fresh databases, and prints the ratios.
// BENCH_QUESTIONNAIRE_CELLS=1 (part `saves` of bench.mjs, issue 30) runs this build without what the
// cell statistics added beside it with them: REPORT_CELL_STATS=false and, on PostgreSQL, migration
// 024's two comment indexes dropped (every comment a finish writes maintains them; no other write
// of the questionnaire touches the cell statistics). PGlite in memory lives inside the API's
// process, so there only the setting differs.
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Agent, fetch as undiciFetch } from 'undici';
import {
  cpuTime,
  createCompanySurvey,
  freePort,
  signInAdmin,
  startProcess,
  startSmtpSink,
  stopProcess,
} from './bench-stack.mjs';

const CRITERIA = Array.from({ length: 30 }, (_, i) => i + 2);
const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 1000);
const FINISHES = Number(process.env.BENCH_FINISHES ?? 10_000);
const [THINK_MIN, THINK_MAX] = (process.env.BENCH_THINK_MS ?? '1500-4500').split('-').map(Number);
// The participants' browsers reach the API through a proxy that keeps a pool of connections; 1,000
// fresh connections at once would overflow the listen backlog of a single process instead.
const CONNECTIONS = Number(process.env.BENCH_QUESTIONNAIRE_CONNECTIONS ?? 256);
const STEPS = ['open', 'save', 'finish'];

/** The answers of simulated participant n, growing over the five saves. */
function answersOf(n, upTo) {
  const important = [...CRITERIA]
    .sort((a, b) => ((a * 7 + n) % 30) - ((b * 7 + n) % 30))
    .slice(0, 10);
  const answers = { background: {}, important: [], realizations: [], comments: [] };
  if (upTo >= 1) answers.background = { age: ['<25', '25-34', '35-44', '45-54', '55+'][n % 5] };
  if (upTo >= 2) answers.important = important;
  if (upTo >= 3)
    answers.realizations = CRITERIA.slice(0, 15).map((id) => ({
      criterionId: id,
      value: (id * 3 + n) % 101,
    }));
  if (upTo >= 4)
    answers.realizations = CRITERIA.map((id) => ({ criterionId: id, value: (id * 3 + n) % 101 }));
  if (upTo >= 5) {
    answers.satisfaction = (n * 13) % 101;
    answers.enps = n % 11;
    answers.changeJob = n % 4 === 0;
    answers.comments = [
      { criterionId: important[0], type: 'positive', text: `Hyvä asia numero ${n}.` },
    ];
  }
  return answers;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => sleep(THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN));

/** A database of its own on the PostgreSQL server, dropped by `drop`. */
async function ownDatabase(serverUrl) {
  const pg = (await import('pg')).default;
  const name = `bench_questionnaire_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** CPU ms of the server's backends serving this database now (each connection is a process). */
    async cpu() {
      const { rows } = await admin.query(
        'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      const times = await Promise.all(rows.map(({ pid }) => cpuTime(pid)));
      return new Map(rows.map(({ pid }, i) => [pid, times[i] ?? 0]));
    },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** CPU ms used between two samples of the backends (a backend that started in between from 0). */
const backendCpu = (before, after) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** An API process with a survey of `count` invited participants; their tokens in invitation order. */
async function startSurveyApi(entry, env, count) {
  const [apiPort, smtpPort] = await Promise.all([freePort(), freePort()]);
  const sink = await startSmtpSink(smtpPort);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const child = await startProcess(
    entry,
    { PORT: apiPort, HOST: '127.0.0.1', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, ...env },
    `${apiUrl}/readyz`,
  );
  const close = async () => {
    await stopProcess(child);
    await sink.close();
  };
  try {
    const auth = await signInAdmin(apiUrl);
    const { company, survey } = await createCompanySurvey(
      apiUrl,
      auth,
      'Questionnaire bench',
      'QB',
    );
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Participants');
    sheet.addRow(['Email', 'First name', 'Last name', 'Language code', 'Unit1']);
    for (let i = 0; i < count; i += 1)
      sheet.addRow([`q${i}@bench.test`, `First${i}`, `Last${i}`, 'fi-FI', `Team ${i % 20}`]);
    const form = new FormData();
    form.set('companyId', company.id);
    form.set('surveyId', survey.id);
    form.set('file', new Blob([Buffer.from(await workbook.xlsx.writeBuffer())]), 'p.xlsx');
    const imported = await fetch(`${apiUrl}/import/participants/`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    if (!imported.ok) throw new Error(`import: ${imported.status} ${await imported.text()}`);
    sink.keepTokens();
    const invited = await fetch(`${apiUrl}/surveys/invite/${survey.id}`, {
      method: 'POST',
      headers: auth,
    });
    if (!invited.ok) throw new Error(`invite: ${invited.status} ${await invited.text()}`);
    for (let wait = 0; sink.tokens().length < count; wait += 1) {
      if (wait > 1200) throw new Error(`only ${sink.tokens().length} of ${count} invitations`);
      await sleep(100);
    }
    return { apiUrl, pid: child.pid, tokens: sink.tokens(), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Calls of one kind of step: wall ms each, errors, CPU ms of the API and of the database. */
function stepStats() {
  return { wall: [], errors: 0, apiCpu: 0, dbCpu: 0, calls: 0, firstStart: Infinity, lastEnd: 0 };
}

function summary(stats) {
  const sorted = [...stats.wall].sort((a, b) => a - b);
  return {
    calls: sorted.length,
    errors: stats.errors,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    apiCpu: stats.apiCpu / Math.max(stats.calls, 1),
    dbCpu: stats.dbCpu / Math.max(stats.calls, 1),
    seconds: (stats.lastEnd - stats.firstStart) / 1000,
  };
}

/** One build on one database: the three scenarios. */
async function runScenarios(entry, backend, variant = {}) {
  const database = backend.serverUrl ? await ownDatabase(backend.serverUrl) : null;
  const env = database
    ? { DATABASE_URL: database.url, DATA_DIR: 'memory' }
    : { DATA_DIR: 'memory' };
  const stack = await startSurveyApi(
    entry,
    { ...env, ...variant.env },
    2 * PARTICIPANTS + FINISHES,
  );
  if (database && variant.withoutCommentIndexes) {
    // After the API's migrations ran: the database as it would be without migration 024's indexes.
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('DROP INDEX comments_page_idx; DROP INDEX comments_hidden_idx');
    await client.end();
  }
  const dispatcher = new Agent({ connections: CONNECTIONS });
  const results = {};
  /** What went wrong, how many times. */
  const failures = new Map();
  try {
    const sample = async () => ({
      api: (await cpuTime(stack.pid)) ?? 0,
      db: database ? await database.cpu() : new Map(),
    });
    const call = async (stats, method, path, body) => {
      const started = performance.now();
      let ok = false;
      let failure = '';
      try {
        const res = await undiciFetch(`${stack.apiUrl}${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          dispatcher,
        });
        const text = await res.text();
        ok = res.ok;
        if (!ok) failure = `${res.status} ${text.slice(0, 200)}`;
      } catch (error) {
        ok = false;
        failure = String(error?.cause ?? error);
      }
      const ended = performance.now();
      stats.wall.push(ended - started);
      stats.calls += 1;
      stats.firstStart = Math.min(stats.firstStart, started);
      stats.lastEnd = Math.max(stats.lastEnd, ended);
      if (!ok) {
        stats.errors += 1;
        failures.set(failure, (failures.get(failure) ?? 0) + 1);
      }
    };
    const measured = async (stats, work) => {
      const before = await sample();
      await work();
      const after = await sample();
      stats.apiCpu += after.api - before.api;
      stats.dbCpu += backendCpu(before.db, after.db);
    };
    const open = (stats, token) => call(stats, 'POST', '/questionnaire/open', { token });
    const save = (stats, token, n, step) =>
      call(stats, 'PUT', '/questionnaire/draft', { token, answers: answersOf(n, step) });
    const finish = (stats, token, n) =>
      call(stats, 'POST', '/questionnaire/finish', { token, answers: answersOf(n, 5) });

    // 1. Paced: CPU per step is not separable here (the steps overlap); the burst measures it.
    const paced = Object.fromEntries(STEPS.map((step) => [step, stepStats()]));
    const pacedTokens = stack.tokens.slice(0, PARTICIPANTS);
    const pacedStarted = performance.now();
    const all = stepStats();
    await measured(all, () =>
      Promise.all(
        pacedTokens.map(async (token, n) => {
          await sleep(Math.random() * THINK_MAX);
          await open(paced.open, token);
          for (let step = 1; step <= 5; step += 1) {
            await think();
            await save(paced.save, token, n, step);
          }
          await think();
          await finish(paced.finish, token, n);
        }),
      ),
    );
    results.paced = Object.fromEntries(STEPS.map((step) => [step, summary(paced[step])]));
    results.paced.seconds = (performance.now() - pacedStarted) / 1000;
    results.paced.apiCpu = all.apiCpu / (7 * PARTICIPANTS);
    results.paced.dbCpu = all.dbCpu / (7 * PARTICIPANTS);

    // 2. Burst, step by step.
    const burstTokens = stack.tokens.slice(PARTICIPANTS, 2 * PARTICIPANTS);
    const burst = Object.fromEntries(STEPS.map((step) => [step, stepStats()]));
    await measured(burst.open, () => Promise.all(burstTokens.map((t) => open(burst.open, t))));
    for (let step = 1; step <= 5; step += 1)
      await measured(burst.save, () =>
        Promise.all(burstTokens.map((t, n) => save(burst.save, t, n, step))),
      );
    await measured(burst.finish, () =>
      Promise.all(burstTokens.map((t, n) => finish(burst.finish, t, n))),
    );
    results.burst = Object.fromEntries(STEPS.map((step) => [step, summary(burst[step])]));

    // 3. Finishing throughput.
    const finishing = stepStats();
    const finishTokens = stack.tokens.slice(2 * PARTICIPANTS);
    await measured(finishing, () =>
      Promise.all(finishTokens.map((t, n) => finish(finishing, t, n))),
    );
    results.finishing = summary(finishing);
    for (const [failure, count] of failures) console.log(`    ${count} x ${failure}`);
    return results;
  } finally {
    await dispatcher.close();
    await stack.close();
    await database?.drop();
  }
}

const ms = (value) => value.toFixed(0).padStart(6);
const cpu = (value) => value.toFixed(2).padStart(6);

function print(label, results) {
  const { paced, burst, finishing } = results;
  console.log(`  ${label}`);
  console.log(
    `    paced (${PARTICIPANTS} at once, ${THINK_MIN}-${THINK_MAX} ms pauses, ` +
      `${paced.seconds.toFixed(1)} s; CPU ms/call over all steps: API ${paced.apiCpu.toFixed(2)}, ` +
      `database ${paced.dbCpu.toFixed(2)})`,
  );
  for (const step of STEPS) {
    const s = paced[step];
    console.log(
      `      ${step.padEnd(7)} ${String(s.calls).padStart(6)} calls ${String(s.errors).padStart(4)} errors` +
        `   p50 ${ms(s.p50)} ms   p95 ${ms(s.p95)} ms`,
    );
  }
  console.log(`    burst (all ${PARTICIPANTS} fire each step at the same moment)`);
  for (const step of STEPS) {
    const s = burst[step];
    console.log(
      `      ${step.padEnd(7)} ${String(s.calls).padStart(6)} calls ${String(s.errors).padStart(4)} errors` +
        `   p50 ${ms(s.p50)} ms   p95 ${ms(s.p95)} ms   CPU/call API ${cpu(s.apiCpu)} ms` +
        `   database ${cpu(s.dbCpu)} ms   ${(s.calls / s.seconds).toFixed(0)} calls/s`,
    );
  }
  console.log(
    `    finishing: ${finishing.calls.toLocaleString('en')} in ${finishing.seconds.toFixed(1)} s, ` +
      `${(finishing.calls / finishing.seconds).toFixed(0)} responses/s, ${finishing.errors} errors ` +
      `(target under 60 s on PostgreSQL); CPU/finish API ${finishing.apiCpu.toFixed(2)} ms, ` +
      `database ${finishing.dbCpu.toFixed(2)} ms`,
  );
}

function printRatios(before, after) {
  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : '-');
  console.log('    before/after ratios (above 1: this build is better)');
  for (const step of STEPS) {
    const b = before.burst[step];
    const a = after.burst[step];
    console.log(
      `      burst ${step.padEnd(7)} p95 ${ratio(b.p95, a.p95)}x   CPU API ${ratio(b.apiCpu, a.apiCpu)}x` +
        `   database ${ratio(b.dbCpu, a.dbCpu)}x`,
    );
  }
  for (const step of STEPS)
    console.log(
      `      paced ${step.padEnd(7)} p95 ${ratio(before.paced[step].p95, after.paced[step].p95)}x`,
    );
  const f = (r) => r.finishing.calls / r.finishing.seconds;
  console.log(
    `      finishing throughput ${ratio(f(after), f(before))}x   CPU API ` +
      `${ratio(before.finishing.apiCpu, after.finishing.apiCpu)}x   database ` +
      `${ratio(before.finishing.dbCpu, after.finishing.dbCpu)}x`,
  );
}

export async function questionnaireBench() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  // BENCH_QUESTIONNAIRE_DATABASES=pglite,postgres (default both) picks the databases.
  const picked = (process.env.BENCH_QUESTIONNAIRE_DATABASES ?? 'pglite,postgres').split(',');
  const backends = picked.includes('pglite') ? [{ name: 'PGlite in memory' }] : [];
  if (serverUrl && picked.includes('postgres')) backends.push({ name: 'PostgreSQL', serverUrl });
  else if (!serverUrl)
    console.log('\nquestionnaire on PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)');
  const builds = [['this build', 'apps/api/dist/server.js']];
  if (process.env.BENCH_API_BEFORE) builds.unshift(['before', process.env.BENCH_API_BEFORE]);
  else if (process.env.BENCH_QUESTIONNAIRE_CELLS === '1')
    builds.unshift([
      'before',
      'apps/api/dist/server.js',
      { env: { REPORT_CELL_STATS: 'false' }, withoutCommentIndexes: true },
    ]);
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  for (const backend of backends) {
    console.log(
      `\nquestionnaire on ${backend.name}, REST through ${CONNECTIONS} connections ` +
        `(load average ${load()})`,
    );
    const results = new Map();
    for (const [label, entry, variant] of builds) {
      results.set(label, await runScenarios(entry, backend, variant));
      const what = variant
        ? `without the cell statistics: REPORT_CELL_STATS=false` +
          (backend.serverUrl ? `, migration 024's comment indexes dropped` : '')
        : entry;
      print(`${label} (${what}; load average after: ${load()})`, results.get(label));
    }
    if (results.has('before')) printRatios(results.get('before'), results.get('this build'));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await questionnaireBench();
