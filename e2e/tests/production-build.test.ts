// The production build as the Dockerfiles make it, run on this machine without Docker: a clean copy
// of the repository (tracked and uncommitted files), scripts/production-build.sh (npm ci, build,
// npm prune --omit=dev), then api and gateway started from the pruned tree with NODE_ENV=production
// on a PostgreSQL database of their own, and the web app's files behind Debian's nginx with
// apps/web/nginx.conf. A sign-in and a report read go through nginx and the gateway.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startMailCatcher, type MailCatcher } from '@survey/api';
import { postgresDatabase, type TestDatabase } from '@survey/api/testing';
import { readWhenPrepared } from '../src/preparing.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const NGINX = '/usr/sbin/nginx';
const ENDED_SURVEY = 'de300000-0000-4000-8000-000000000301';
const serverUrl = process.env.DATABASE_URL;

/** The tracked files and the uncommitted ones (not the ignored: node_modules, dist, .data). */
function cleanCopy(target: string): void {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: repo,
      encoding: 'utf8',
    },
  );
  assert.equal(listed.status, 0, listed.stderr);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = join(repo, file);
    if (!existsSync(from)) continue; // deleted, not yet committed
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(from, join(target, file), { verbatimSymlinks: true });
  }
}

/** What a build machine has: no variables of the npm and turbo run around this test. */
function buildEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'npm_config_cache'])
    if (process.env[name]) env[name] = process.env[name];
  // npm's cache is reused without asking the registry again for what it holds.
  env.npm_config_prefer_offline = 'true';
  return env;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

interface Started {
  child: ChildProcess;
  output: () => string;
}

function start(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/**
 * The process's exit code, within `timeoutMs`: a process that should fail but serves instead (a
 * dependency found outside the pruned tree) fails the test with its output instead of hanging it.
 */
async function exited(started: Started, timeoutMs = 60_000): Promise<number | null> {
  if (started.child.exitCode !== null) return started.child.exitCode;
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    const [code] = (await once(started.child, 'exit', { signal })) as [number | null];
    return code;
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'AbortError') throw error;
    return assert.fail(`still running after ${timeoutMs / 1000} s:\n${started.output()}`);
  }
}

async function waitFor(url: string, process: Started, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null)
      assert.fail(
        `exited with ${process.child.exitCode} before ${url} answered:\n${process.output()}`,
      );
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  assert.fail(`${url} did not answer within ${timeoutMs} ms:\n${process.output()}`);
}

/** apps/web/nginx.conf filled in as the nginx image does, inside a main configuration of our own. */
function nginxConfig(dir: string, vars: Record<string, string>): string {
  let server = readFileSync(join(dir, 'app', 'apps/web/nginx.conf'), 'utf8');
  for (const [name, value] of Object.entries(vars))
    server = server.replaceAll(`\${${name}}`, value);
  writeFileSync(join(dir, 'web.conf'), server);
  const main = join(dir, 'nginx.conf');
  const temp = (name: string) => `${name}_temp_path ${join(dir, `${name}-temp`)};`;
  writeFileSync(
    main,
    `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${join(dir, 'web.conf')};
}
`,
  );
  return main;
}

/** The two answers read below. */
interface Answer {
  login?: { session: { token: string } };
  report?: { enps: { groups: { score: number | null; participants: number }[] } };
}

describe('the production build', { skip: !serverUrl && 'needs DATABASE_URL (PostgreSQL)' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'survey-production-'));
  const app = join(dir, 'app');
  let database: TestDatabase | undefined;
  let mail: MailCatcher;
  const running: Started[] = [];

  /** The API's variables in production: the secrets and a real mail server set, demo data asked for. */
  const apiEnv = async (): Promise<NodeJS.ProcessEnv> => ({
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATABASE_URL: database?.url,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SMTP_URL: mail.smtpUrl,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
  });

  before(async () => {
    // Docker, too, would stop here: what the image build runs must run here, in full.
    chmodSync(dir, 0o755); // nginx's workers (nobody) read the web files in it
    cleanCopy(app);
    const started = Date.now();
    const build = spawnSync('sh', ['scripts/production-build.sh', 'all', 'api', 'gateway', 'web'], {
      cwd: app,
      env: buildEnv(),
      encoding: 'utf8',
    });
    assert.equal(build.status, 0, `${build.stdout}\n${build.stderr}`);
    console.log(
      `production build (npm ci, build, prune): ${Math.round((Date.now() - started) / 1000)} s`,
    );
    database = await postgresDatabase(serverUrl ?? '');
    mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  });

  after(async () => {
    for (const { child } of running) if (child.exitCode === null) child.kill('SIGKILL');
    await mail?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a sign-in and a report read through nginx and the gateway, and stops on SIGTERM', async () => {
    const env = await apiEnv();
    const api = start(process.execPath, ['apps/api/dist/server.js'], app, env);
    running.push(api);
    const apiUrl = `http://127.0.0.1:${env.PORT}`;
    await waitFor(`${apiUrl}/readyz`, api);

    const gatewayPort = await freePort();
    const gateway = start(process.execPath, ['apps/gateway/dist/server.js'], app, {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      API_URL: apiUrl,
      // nginx, on this machine, is the one hop in front.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    running.push(gateway);
    await waitFor(`http://127.0.0.1:${gatewayPort}/readyz`, gateway);

    const webPort = await freePort();
    const config = nginxConfig(dir, {
      WEB_PORT: `127.0.0.1:${webPort}`,
      WEB_ROOT: join(app, 'apps/web/dist'),
      GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
    });
    const nginx = start(NGINX, ['-p', dir, '-c', config, '-e', 'stderr'], dir, {});
    running.push(nginx);
    const web = `http://127.0.0.1:${webPort}`;
    await waitFor(`${web}/`, nginx);

    const page = await (await fetch(`${web}/dashboard`)).text();
    const script = /<script[^>]+src="([^"]+)"/.exec(page)?.[1];
    assert.ok(script, 'the page loads its script');
    assert.equal((await fetch(new URL(script, web))).status, 200);

    const graphql = async (query: string, variables: object, token?: string) => {
      const res = await fetch(`${web}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      assert.equal(res.status, 200);
      return (await res.json()) as { data?: Answer; errors?: unknown[] };
    };
    const login = await graphql(
      'mutation($email: String!, $password: String!) { login(email: $email, password: $password, delivery: TOKEN) { session { token } } }',
      { email: 'admin@demo.test', password: 'DemoPass2026' },
    );
    const token = login.data?.login?.session?.token;
    assert.ok(token, JSON.stringify(login));
    // A fresh database: the survey's anonymity gate is built on its first read, and while it is
    // the answer says so (RESULTS_PREPARING, retryAfter); the console asks again, as here.
    const readReport = () =>
      graphql(
        'query($id: ID!) { report(sets: [{ surveyId: $id }], language: "en-US") { enps { groups { score participants } } } }',
        { id: ENDED_SURVEY },
        token,
      );
    const report: { data?: Answer; errors?: unknown[] } = await readWhenPrepared(readReport);
    assert.equal(report.errors, undefined, JSON.stringify(report.errors));
    const group = report.data?.report?.enps.groups[0];
    assert.ok(group && group.participants > 0, JSON.stringify(report));

    gateway.child.kill('SIGTERM');
    api.child.kill('SIGTERM');
    assert.equal(await exited(gateway), 0, gateway.output());
    assert.equal(await exited(api), 0, api.output());
    nginx.child.kill('SIGQUIT');
    await exited(nginx);
  });

  it('refuses to start in production without JWT_SECRET and SMTP_URL, naming both', async () => {
    const { JWT_SECRET, SMTP_URL, ...unsafe } = await apiEnv();
    assert.ok(JWT_SECRET && SMTP_URL);
    const api = start(process.execPath, ['apps/api/dist/server.js'], app, unsafe);
    running.push(api);
    assert.equal(await exited(api), 1);
    assert.match(api.output(), /JWT_SECRET: required with NODE_ENV=production/);
    assert.match(api.output(), /SMTP_URL: required with NODE_ENV=production/);
  });

  it('fails to start when a runtime dependency is missing from the pruned tree', async () => {
    // The API's own lru-cache 11 (apps/api/node_modules), which an image once left out.
    const dependency = join(app, 'apps/api/node_modules/lru-cache');
    renameSync(dependency, `${dependency}.removed`);
    try {
      const api = start(process.execPath, ['apps/api/dist/server.js'], app, await apiEnv());
      running.push(api);
      assert.equal(await exited(api), 1);
      assert.match(
        api.output(),
        /ERR_MODULE_NOT_FOUND[\s\S]*lru-cache|Cannot find package 'lru-cache'/,
      );
    } finally {
      renameSync(`${dependency}.removed`, dependency);
    }
  });
});
