#!/usr/bin/env node
// Benchmarks, side by side in one run on this machine. Absolute numbers are noisy here; quote ratios.
//  1. `me` through the gateway (GraphQL) against the same REST call made directly (POST /account/authorize).
import autocannon from 'autocannon';
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
} finally {
  await gateway.close();
  await api.close();
}
