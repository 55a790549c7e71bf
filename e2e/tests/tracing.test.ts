// Tracing as an operator turns it on: the built API and gateway started as `npm start` and the
// Dockerfiles start them (`node --import ./dist/telemetry.js dist/server.js`), exporting over
// OTLP/HTTP to a receiver on loopback. One report read must arrive as one trace: the gateway's
// request, its REST call, the API's request and, on PostgreSQL, the SQL it ran, each the parent of
// the next. Without DATABASE_URL the API runs on PGlite, which has no driver to trace: the trace
// then ends at the API's request.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startOtlpReceiver, type ReceivedSpan } from '../src/otlp.js';
import { readWhenPrepared } from '../src/preparing.js';
import { GATE_WAIT, UPSTREAM_WAIT } from '../src/stack.js';

const SERVER = 2;
const CLIENT = 3;
const HK24 = 'de300000-0000-4000-8000-000000000301'; // Demo Oy's ended survey
const REPORT = `query TracedReport($sets: [ReportSetInput!]!) {
  report(sets: $sets, language: "en-US") { enps { groups { score } } }
}`;
const WARM_UP = REPORT.replace('TracedReport', 'WarmUpReport');
const LOGIN = `mutation TracedLogin { login(email: "super@demo.test", password: "DemoPass2026",
  delivery: TOKEN) { session { token } } }`;

const appDir = (name: string) => fileURLToPath(new URL(`../../apps/${name}/`, import.meta.url));
const serverUrl = process.env.DATABASE_URL;
const database = `trace_${randomBytes(5).toString('hex')}`;

/** Starts a built app as production does; resolves with the URL its start line names. */
async function startApp(name: string, env: Record<string, string>, url: RegExp) {
  const child = spawn(process.execPath, ['--import', './dist/telemetry.js', 'dist/server.js'], {
    cwd: appDir(name),
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const found = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = url.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${output}`)));
  });
  return { child, url: await found };
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

async function post<T>(url: string, query: string, variables = {}, token?: string) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data: T; errors?: unknown[] };
}

async function graphql<T>(url: string, query: string, variables = {}, token?: string): Promise<T> {
  const body = await post<T>(url, query, variables, token);
  assert.equal(body.errors, undefined, JSON.stringify(body.errors));
  return body.data;
}

/** The spans of one trace once `ready` holds for them (the SDK exports in batches). */
async function traceWhen(
  spans: ReceivedSpan[],
  traceOf: () => string | undefined,
  ready: (trace: ReceivedSpan[]) => boolean,
): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const id = traceOf();
    const trace = spans.filter((span) => span.traceId === id);
    if (id && ready(trace)) return trace;
    if (Date.now() > deadline) assert.fail(`no complete trace; received:\n${describe(spans)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const describe = (spans: ReceivedSpan[]) =>
  spans
    .map((s) => `${s.service} ${s.name} ${s.traceId} ${s.spanId} <- ${s.parentSpanId}`)
    .join('\n');

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>> | undefined;
let api: ChildProcess | undefined;
let gateway: ChildProcess | undefined;
let gatewayUrl = '';

before(async () => {
  receiver = await startOtlpReceiver();
  const otel = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
    OTEL_METRICS_EXPORTER: 'none',
    OTEL_LOGS_EXPORTER: 'none',
  };
  let databaseEnv: Record<string, string> = { DATA_DIR: 'memory' };
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    // A server database is shared by instances: the API requires their common signing key.
    const JWT_SECRET = randomBytes(32).toString('base64url');
    databaseEnv = { DATA_DIR: 'memory', DATABASE_URL: url.toString(), JWT_SECRET };
  } else if (process.env.E2E_DATA_SNAPSHOT) {
    databaseEnv.DATA_SNAPSHOT = process.env.E2E_DATA_SNAPSHOT;
  }
  const started = await startApp(
    'api',
    {
      ...otel,
      ...databaseEnv,
      DEMO_DATA: 'true',
      // A fresh database's first report read waits for its survey's gate instead of "preparing".
      REPORT_GATE_WAIT_MS: String(GATE_WAIT.REPORT_GATE_WAIT_MS),
      MAIL_CATCHER_SMTP_PORT: '0',
      MAIL_CATCHER_HTTP_PORT: '0',
      LOG_LEVEL: 'warn',
    },
    /API:\s+(http:\/\/\S+)/,
  );
  api = started.child;
  const front = await startApp(
    'gateway',
    // A fresh database's first report read waits for its survey's gate: the e2e runs' wait.
    {
      ...otel,
      API_URL: started.url,
      LOG_LEVEL: 'warn',
      UPSTREAM_HEADERS_TIMEOUT_MS: String(UPSTREAM_WAIT.UPSTREAM_HEADERS_TIMEOUT_MS),
    },
    /gateway: (http:\/\/\S+)\/graphql/,
  );
  gateway = front.child;
  gatewayUrl = front.url;
});

after(async () => {
  await stop(gateway);
  await stop(api);
  await receiver?.close();
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
});

test('one report read is one trace: gateway request, REST call, API request, SQL', async () => {
  const spans = receiver?.spans ?? [];
  const signedIn = await graphql<{ login: { session: { token: string } } }>(gatewayUrl, LOGIN);
  const { token } = signedIn.login.session;
  // A fresh database prepares the survey's results on its first read (RESULTS_PREPARING, retry
  // after): asked under another name until they are ready, so the trace below is one answered read.
  await readWhenPrepared(() => post(gatewayUrl, WARM_UP, { sets: [{ surveyId: HK24 }] }, token));
  const data = await graphql<{ report: { enps: { groups: { score: number | null }[] } } }>(
    gatewayUrl,
    REPORT,
    { sets: [{ surveyId: HK24 }] },
    token,
  );
  assert.ok(data.report.enps.groups.length > 0);

  const operation = () => spans.find((s) => s.name === 'query TracedReport')?.traceId;
  const trace = await traceWhen(spans, operation, (t) =>
    t.some((s) => s.service === 'survey-api' && (!serverUrl || s.name.startsWith('pg.query'))),
  );
  const byId = new Map(trace.map((span) => [span.spanId, span]));
  const parentOf = (span: ReceivedSpan) =>
    span.parentSpanId ? byId.get(span.parentSpanId) : undefined;

  // The gateway's request is the root; the GraphQL operation runs inside it.
  const root = trace.find((s) => s.service === 'survey-gateway' && s.kind === SERVER);
  assert.ok(root, describe(trace));
  assert.equal(root.parentSpanId ?? '', '');
  assert.equal(root.name, 'POST /graphql');
  // Each API request is the child of one of the gateway's REST calls (traceparent went along).
  const apiRequests = trace.filter((s) => s.service === 'survey-api' && s.kind === SERVER);
  assert.ok(apiRequests.length > 0, describe(trace));
  for (const request of apiRequests) {
    const call = parentOf(request);
    assert.equal(call?.service, 'survey-gateway', describe(trace));
    assert.equal(call?.kind, CLIENT);
  }
  if (!serverUrl) return;
  // SQL runs inside an API request, whose chain reaches the gateway's root.
  const queries = trace.filter((s) => s.name.startsWith('pg.query'));
  assert.ok(queries.length > 0, describe(trace));
  for (const query of queries) {
    const chain: ReceivedSpan[] = [];
    for (let span: ReceivedSpan | undefined = query; span; span = parentOf(span)) chain.push(span);
    assert.ok(
      chain.some((span) => apiRequests.includes(span)),
      describe(chain),
    );
    assert.equal(chain.at(-1), root, describe(chain));
  }
});

test('without an exporter in OTEL_* the SDK is not loaded at all', () => {
  // The OpenTelemetry API keeps its registrations under this global symbol once anything starts.
  const script = `console.log(Symbol.for('opentelemetry.js.api.1') in globalThis)`;
  const started = (name: string, env: Record<string, string>) =>
    execFileSync(process.execPath, ['--import', './dist/telemetry.js', '--eval', script], {
      cwd: appDir(name),
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
    }).trim();
  const endpoint = {
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
    OTEL_METRICS_EXPORTER: 'none',
  };
  for (const name of ['api', 'gateway']) {
    assert.equal(started(name, {}), 'false', name);
    assert.equal(started(name, { OTEL_SERVICE_NAME: 'named-only' }), 'false', name);
    assert.equal(started(name, endpoint), 'true', name);
  }
});
