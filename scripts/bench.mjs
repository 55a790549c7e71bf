#!/usr/bin/env node
// Benchmarks, side by side in one run on this machine. Absolute numbers are noisy here; quote ratios.
//  1. `me` through the gateway (GraphQL) against the same REST call made directly (POST /account/authorize),
//     api and gateway each in its own process, autocannon in this one.
//  2. The JavaScript each route downloads in Chromium (gzip), against the 200 KB budget of the login route.
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

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

const root = fileURLToPath(new URL('..', import.meta.url));

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a built app in its own process, as in production: the load generator must not share its event loop. */
async function startProcess(entry, env, readyUrl) {
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; tries < 120; tries += 1) {
    if (
      await fetch(readyUrl).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`${entry} did not become ready`);
}

const [apiPort, gatewayPort, smtpPort, inboxPort] = await Promise.all([
  freePort(),
  freePort(),
  freePort(),
  freePort(),
]);
const api = { url: `http://127.0.0.1:${apiPort}` };
const gateway = { url: `http://127.0.0.1:${gatewayPort}` };
const apiProcess = await startProcess(
  'apps/api/dist/server.js',
  {
    PORT: apiPort,
    HOST: '127.0.0.1',
    DATA_DIR: 'memory',
    MAIL_CATCHER_SMTP_PORT: smtpPort,
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
  const login = await fetch(`${api.url}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'admin@demo.test',
      password: process.env.DEMO_PASSWORD ?? 'DemoPass2026',
    }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`login failed: ${login.status}`);
  const auth = { authorization: `Bearer ${token}` };

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

  const row = (name, r) =>
    `${name.padEnd(32)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms`;
  console.log(`\nme: gateway vs direct REST (${duration}s each, ${connections} connections)`);
  console.log(row('REST /account/authorize', direct));
  console.log(row('GraphQL me via gateway', viaGateway));
  console.log(
    `ratio gateway/direct: throughput ${(viaGateway.requests.average / direct.requests.average).toFixed(2)}x, ` +
      `p50 ${(viaGateway.latency.p50 / Math.max(direct.latency.p50, 1)).toFixed(2)}x, ` +
      `p99 ${(viaGateway.latency.p99 / Math.max(direct.latency.p99, 1)).toFixed(2)}x`,
  );

  await routeSizes(gateway.url);
} finally {
  gatewayProcess.kill();
  apiProcess.kill();
}

/** Loads each route in Chromium and sums the gzip size of every script it fetched. */
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
  const measure = async (page, path, ready) => {
    const scripts = new Map();
    const onResponse = async (response) => {
      if (!response.url().endsWith('.js')) return;
      scripts.set(response.url(), gzipSync(await response.body()).length);
    };
    page.on('response', onResponse);
    await page.goto(`${webUrl}${path}`);
    await ready(page);
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    return [...scripts.values()].reduce((sum, size) => sum + size, 0);
  };
  try {
    const page = await (await browser.newContext()).newPage();
    const rows = [];
    rows.push(['/login', await measure(page, '/login', (p) => p.locator('form').waitFor())]);
    rows.push([
      '/privacy',
      await measure(await (await browser.newContext()).newPage(), '/privacy/en', (p) =>
        p.locator('h1').waitFor(),
      ),
    ]);
    await page.getByLabel('Email', { exact: true }).fill('admin@demo.test');
    await page
      .getByLabel('Password', { exact: true })
      .fill(process.env.DEMO_PASSWORD ?? 'DemoPass2026');
    const scripts = new Map();
    page.on(
      'response',
      async (r) => r.url().endsWith('.js') && scripts.set(r.url(), gzipSync(await r.body()).length),
    );
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('header').waitFor();
    await page.waitForLoadState('networkidle');
    rows.push(['/ after sign-in (added)', [...scripts.values()].reduce((a, b) => a + b, 0)]);
    console.log(
      '\nJavaScript per route (gzip, first load in Chromium; budget: /login under 200 KB)',
    );
    for (const [route, bytes] of rows)
      console.log(`${route.padEnd(28)} ${(bytes / 1024).toFixed(1).padStart(7)} KB`);
  } finally {
    await browser.close();
    await new Promise((resolve) => web.httpServer.close(resolve));
  }
}
