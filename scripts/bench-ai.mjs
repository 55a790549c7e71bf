#!/usr/bin/env node
// AI search (docs/ai.md "Quality, measured" and "Search latency"), part `ai` of `npm run bench`:
//  1. quality: recall@10 and nDCG@10 of BM25, the vector leg and the hybrid over the labelled
//     queries, and in-process ranking over 23,000 comments (apps/api/bench/ai/run.ts);
//  2. the whole search on the 50,000-participant profile's comments (apps/api/bench/ai/search-latency.ts: the
//     index built, then median and p95 over the labelled queries), on PGlite (a fresh temporary
//     directory, seeded and removed afterwards) and on PostgreSQL (BENCH_DATABASE_URL, else
//     DATABASE_URL, schema `bench_ai`, seeded once and reused; skipped when neither is set).
// BENCH_AI_PGLITE=0 skips PGlite (seeding it takes about a minute and a half).
// Run from bench.mjs or alone: `node scripts/bench-ai.mjs` (no build needed: tsx runs the sources).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const api = path.join(root, 'apps/api');
const COUNT = 50_000;
const SCHEMA = 'bench_ai';

/** Runs a TypeScript file of apps/api with tsx, its output passed through. */
function tsx(file, args, env) {
  return new Promise((resolve, reject) =>
    spawn(process.execPath, ['--import', 'tsx', file, ...args], {
      cwd: api,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
      .on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited ${code}`))))
      .on('error', reject),
  );
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** Seeds the profile (idempotent), refreshes the planner's statistics, measures the search. */
async function latency(backend, env) {
  const started = performance.now();
  await tsx('src/demo/seed-cli.ts', ['--scale', String(COUNT)], env);
  console.log(`${backend}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Without fresh statistics after the bulk load the planner joins 23,000 comments to their
  // responses by nested loops (seconds with a unit filter); a server's autovacuum does this soon.
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
  const before = load();
  await tsx('bench/ai/search-latency.ts', [], env);
  console.log(`${backend}: load average (1, 5, 15 min) ${before} before, ${load()} after`);
}

export async function aiBench() {
  console.log('');
  await tsx('bench/ai/run.ts', [], {});
  const dir = await mkdtemp(path.join(tmpdir(), 'survey-bench-ai-'));
  try {
    if (process.env.BENCH_AI_PGLITE !== '0')
      await latency('PGlite', { DATA_DIR: dir, DATABASE_URL: '' });
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
      await latency('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: path.join(dir, 'pg') });
    } else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log(
    '(AI search goal, issue 27: median at most 50 ms on PostgreSQL at 50,000 participants; each query runs with the kept comment scope and with the former reads, side by side)',
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await aiBench();
