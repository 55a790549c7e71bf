// Once per jest run: the GraphiQL tests need the playground bundle (built when a fresh checkout has
// none), and every test file's API opens one seeded demo database (src/test/api.ts) instead of
// seeding its own, which took most of a file's start.
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeDemoSnapshot } from '@survey/api';

export default async function globalSetup() {
  const dir = await mkdtemp(path.join(tmpdir(), 'survey-gateway-tests-'));
  const snapshot = path.join(dir, 'demo.tar');
  await writeDemoSnapshot(snapshot);
  process.env.GATEWAY_TEST_DEMO_SNAPSHOT = snapshot;
  if (existsSync(fileURLToPath(new URL('../dist/playground/index.html', import.meta.url)))) return;
  const { build } = await import('vite');
  await build({
    configFile: fileURLToPath(new URL('../playground/vite.config.ts', import.meta.url)),
    logLevel: 'error',
  });
}
