// The GraphiQL tests need the playground bundle; build it once when a fresh checkout has none.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export default async function buildPlaygroundIfMissing() {
  if (existsSync(fileURLToPath(new URL('./dist/playground/index.html', import.meta.url)))) return;
  const { build } = await import('vite');
  await build({
    configFile: fileURLToPath(new URL('./playground/vite.config.ts', import.meta.url)),
    logLevel: 'error',
  });
}
