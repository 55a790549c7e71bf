#!/usr/bin/env node
// Starts the whole console from built workspaces: api (embedded PGlite + mail catcher by default),
// gateway and web. `--dev` runs each in watch mode instead. Ctrl+C stops all three.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dev = process.argv.includes('--dev');
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? (dev ? 'development' : 'production'),
};
// A newcomer runs on http://localhost: a Secure cookie would never come back over plain HTTP.
env.COOKIE_SECURE ??= 'false';

// Each app reads PORT; the three get theirs from API_PORT, GATEWAY_PORT and WEB_PORT.
const apiPort = env.API_PORT ?? '4100';
const gatewayPort = env.GATEWAY_PORT ?? '4000';
const webPort = env.WEB_PORT ?? '3000';
const apiUrl = env.API_URL ?? `http://localhost:${apiPort}`;
const services = [
  { name: 'api', color: 36, workspace: '@survey/api', env: { PORT: apiPort } },
  {
    name: 'gateway',
    color: 35,
    workspace: '@survey/gateway',
    env: { PORT: gatewayPort, API_URL: apiUrl },
  },
  {
    name: 'web',
    color: 33,
    workspace: '@survey/web',
    env: { WEB_PORT: webPort, GATEWAY_URL: `http://localhost:${gatewayPort}` },
  },
];

const children = services.map(({ name, color, workspace, env: own }) => {
  const args = ['--silent', 'run', dev ? 'dev' : 'start', '-w', workspace];
  const child = spawn('npm', args, {
    cwd: root,
    env: { ...env, ...own },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `\x1b[${color}m${name.padEnd(8)}\x1b[0m| `;
  const forward = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(prefix + line + '\n');
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code) => {
    process.stdout.write(`${prefix}exited with ${code}\n`);
    stopAll(code ?? 1);
  });
  return child;
});

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

setTimeout(() => {
  process.stdout.write(
    `\n  Survey Console: http://localhost:${webPort}\n  GraphQL (and GraphiQL): http://localhost:${gatewayPort}/graphql\n\n`,
  );
}, 4000);
