// The e2e suite's entry (`npm test` here): seeds one database snapshot for the whole run, which
// every test file's API opens (E2E_DATA_SNAPSHOT -> DATA_SNAPSHOT, stack.ts) instead of seeding its
// own, then runs the test files two at a time, each in its own process with its own console: turbo
// starts this suite after the others (turbo.json), so it has both cores, and one file's waits (a
// session left to expire, an index build, network idle) leave the core to the other file.
// Arguments name test files to run instead of all of tests/.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeDemoSnapshot } from '@survey/api';

const here = fileURLToPath(new URL('..', import.meta.url));
const named = process.argv.slice(2);
const files =
  named.length > 0
    ? named
    : (await readdir(path.join(here, 'tests')))
        .filter((name) => name.endsWith('.test.ts'))
        .sort()
        .map((name) => path.join('tests', name));

const dir = await mkdtemp(path.join(tmpdir(), 'survey-e2e-'));
try {
  const snapshot = path.join(dir, 'demo.tar');
  await writeDemoSnapshot(snapshot);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=2',
      // A test that never settles fails after 15 minutes, naming itself, instead of holding the run
      // past CI's limit; a file whose failure left a handle open (a server, a timer) still exits.
      '--test-timeout=900000',
      '--test-force-exit',
      ...files,
    ],
    { cwd: here, stdio: 'inherit', env: { ...process.env, E2E_DATA_SNAPSHOT: snapshot } },
  );
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  process.exitCode = code ?? (signal ? 1 : 0);
} finally {
  await rm(dir, { recursive: true, force: true });
}
