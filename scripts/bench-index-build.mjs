#!/usr/bin/env node
// Part `indexbuild` of `npm run bench` (issue 30: the index build does not get slower with the cell
// statistics): the AI search index build of a scale profile with and without migration 024's
// comment indexes, alternately in one process, and the batch's cell statistics made from its rows
// (what gating the batch adds); apps/api/bench/reports/index-build.ts says why these two.
// On PGlite (a fresh temporary directory, removed afterwards) and on PostgreSQL (BENCH_DATABASE_URL,
// else DATABASE_URL, schema `bench_index_build_<count>`, seeded once and reused; skipped when
// neither is set).
// - BENCH_INDEX_BUILD_COUNT: the profile's participants (default 10,000: a few minutes in all).
// - BENCH_INDEX_BUILD_ROUNDS: builds of each variant (default 3).
// - BENCH_INDEX_BUILD_PGLITE=0: PostgreSQL only.
// Run from bench.mjs or alone: `node scripts/bench-index-build.mjs` (tsx runs the sources).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const COUNT = Number(process.env.BENCH_INDEX_BUILD_COUNT ?? 10_000);
const ROUNDS = Number(process.env.BENCH_INDEX_BUILD_ROUNDS ?? 3);

function run(env) {
  return new Promise((resolve, reject) =>
    spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'bench/reports/index-build.ts',
        '--count',
        String(COUNT),
        '--rounds',
        String(ROUNDS),
      ],
      {
        cwd: path.join(root, 'apps/api'),
        env: { ...process.env, LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    )
      .on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`index-build exited ${code}`)),
      )
      .on('error', reject),
  );
}

export async function indexBuildBench() {
  console.log('');
  const dir = await mkdtemp(path.join(tmpdir(), 'survey-bench-index-build-'));
  try {
    if (process.env.BENCH_INDEX_BUILD_PGLITE !== '0')
      await run({ DATA_DIR: path.join(dir, 'pglite'), DATABASE_URL: '' });
    const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    if (serverUrl) {
      const schema = `bench_index_build_${COUNT}`;
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      await run({ DATABASE_URL: url.toString(), DATA_DIR: path.join(dir, 'pg') });
    } else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await indexBuildBench();
