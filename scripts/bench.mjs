#!/usr/bin/env node
// Benchmarks, side by side in one run on this machine. Absolute numbers are noisy here; quote ratios.
//  1. `me` through the gateway (GraphQL) against the same REST call made directly (POST /account/authorize).
//  2. The JavaScript each route downloads in Chromium (gzip), against the 200 KB budget of the login route.
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { startApi } from '@survey/api';
import { startGateway } from '@survey/gateway';

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

const api = await startApi({ DATA_DIR: 'memory', LOG_LEVEL: 'warn' });
const gateway = await startGateway({
  API_URL: api.url,
  PORT: 0,
  LOG_LEVEL: 'warn',
  COOKIE_SECURE: false,
});
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
  await gateway.close();
  await api.close();
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
