// docs/analysts.md promises runnable examples: its curl block and its Node script are taken from the
// page as written and run against a real api and gateway, so a schema change that breaks them fails here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startApi } from '@survey/api';
import { startGateway } from '@survey/gateway';
import { UPSTREAM_WAIT } from '../src/stack.js';

const run = promisify(execFile);
const doc = fileURLToPath(new URL('../../docs/analysts.md', import.meta.url));

/** The fenced code block of `language` that follows `heading` in the page. */
async function codeBlock(heading: string, language: string): Promise<string> {
  const page = await readFile(doc, 'utf8');
  const section = page.slice(page.indexOf(`## ${heading}`));
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)\\n```').exec(section);
  if (!section.startsWith('##') || !match?.[1])
    throw new Error(`no ${language} block under ${heading}`);
  return match[1];
}

let api: Awaited<ReturnType<typeof startApi>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let dir = '';

before(async () => {
  api = await startApi({
    DATA_DIR: 'memory',
    // The run's seeded database with its gates' kept choices (src/run.ts), as the stack's: a fresh
    // seed builds every demo gate before the first report read is answered.
    ...(process.env.E2E_DATA_SNAPSHOT ? { DATA_SNAPSHOT: process.env.E2E_DATA_SNAPSHOT } : {}),
  });
  gateway = await startGateway({
    API_URL: api.url,
    PORT: 0,
    COOKIE_SECURE: false,
    LOG_LEVEL: 'warn',
    ...UPSTREAM_WAIT,
  });
  dir = await mkdtemp(join(tmpdir(), 'analysts-'));
});

after(async () => {
  await gateway.close();
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

test('the curl examples sign in, page surveys, read a report as JSON and download it as CSV', async () => {
  const script = await codeBlock('Sign in and read a report with curl', 'sh');
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: dir,
    env: { ...process.env, GATEWAY: gateway.url },
  });
  // Two JSON answers back to back, one per curl that prints: the survey page and the report.
  const [surveys, report] = stdout
    .trim()
    .split(/(?<=\})\s*(?=\{"data")/)
    .map((text) => JSON.parse(text) as { data?: Record<string, unknown>; errors?: unknown });
  assert.equal(surveys?.errors, undefined);
  const page = surveys?.data?.surveys as { totalRecords: number; records: unknown[] };
  assert.ok(page.totalRecords > 0 && page.records.length > 0);
  assert.equal(report?.errors, undefined);
  const data = report?.data?.report as {
    lIndex: { groups: { participants: number; average: number }[] };
    lIndexBy: { groups: { suppressed: boolean }[] };
  };
  assert.ok((data.lIndex.groups[0]?.participants ?? 0) >= 5);
  assert.ok(data.lIndexBy.groups.length > 1);
  const csv = await readFile(join(dir, 'l-index-by-age.csv'), 'utf8');
  // A header row and one row per age group.
  assert.equal(csv.split('\r\n').filter(Boolean).length, data.lIndexBy.groups.length + 1);
});

test('the Node script pages every survey, reports each ended one and saves a CSV', async () => {
  const file = join(dir, 'report.mjs');
  await writeFile(file, await codeBlock('A Node script (Node 20+, no packages)', 'js'));
  const { stdout } = await run(process.execPath, [file], {
    cwd: dir,
    env: { ...process.env, GATEWAY: gateway.url },
  });
  const [first = '', ...lines] = stdout.trim().split('\n');
  const counts = /^(\d+) surveys, (\d+) ended$/.exec(first);
  assert.ok(counts, `unexpected first line: ${first}`);
  const ended = Number(counts[2]);
  assert.ok(ended > 0);
  // One line per ended survey with its L-index, then the saved file.
  assert.equal(lines.filter((line) => / \/ .*: L-index \d/.test(line)).length, ended);
  assert.equal(lines.at(-1), 'saved l-index-by-age.csv');
  assert.match(await readFile(join(dir, 'l-index-by-age.csv'), 'utf8'), /\r\n/);
});
