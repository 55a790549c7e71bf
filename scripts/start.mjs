#!/usr/bin/env node
// Starts the whole console from built workspaces: api (embedded PGlite + mail catcher by default),
// gateway and web. `--dev` runs each in watch mode instead. Ctrl+C stops all three.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoEnv } from './demo-env.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dev = process.argv.includes('--dev');
// The demo's key sits where the API kept its generated one (DATA_DIR/jwt-secret): sessions survive.
const dataDir = process.env.DATA_DIR || join(root, '.data', 'api');
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? (dev ? 'development' : 'production'),
  ...demoEnv(process.env, dataDir === 'memory' ? undefined : join(dataDir, 'jwt-secret')),
};
// A newcomer runs on http://localhost: a Secure cookie would never come back over plain HTTP.
env.COOKIE_SECURE ??= 'false';
// The web server's proxy is the only hop in front of the gateway, on this machine.
env.TRUST_PROXY ??= 'loopback';
// Short readable lines (one a request, errors in full) instead of production's JSON; in colour
// when this terminal has it, as the apps write into a pipe.
env.LOG_FORMAT ??= 'pretty';
if (process.stdout.isTTY && env.NO_COLOR === undefined) env.FORCE_COLOR ??= '1';

// Each app reads PORT; the three get theirs from API_PORT, GATEWAY_PORT and WEB_PORT.
const apiPort = env.API_PORT ?? '4100';
const gatewayPort = env.GATEWAY_PORT ?? '4000';
const webPort = env.WEB_PORT ?? '3000';
const apiUrl = env.API_URL ?? `http://localhost:${apiPort}`;
const services = [
  {
    name: 'api',
    color: 36,
    workspace: '@survey/api',
    // The supervisors' send job has the gateway build each unit's package PDF.
    env: { PORT: apiPort, GATEWAY_URL: env.GATEWAY_URL ?? `http://localhost:${gatewayPort}` },
  },
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
  // Each service in its own process group, so stopping reaches npm's child node process too.
  const child = spawn('npm', args, {
    cwd: root,
    env: { ...env, ...own },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
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
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), 2000);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

// Say where to go once the console answers end to end (api, gateway, web).
async function announceWhenReady() {
  const deadline = Date.now() + 120_000;
  while (!stopping && Date.now() < deadline) {
    // The gateway's /readyz checks the API too; only then ask the web server (no proxy errors).
    const ok = (url) =>
      fetch(url).then(
        (response) => response.ok,
        () => false,
      );
    const ready =
      (await ok(`http://localhost:${gatewayPort}/readyz`)) &&
      (await ok(`http://localhost:${webPort}/`));
    if (ready) {
      process.stdout.write(
        `\n  Survey Console is ready: http://localhost:${webPort}\n  GraphQL (and GraphiQL): http://localhost:${gatewayPort}/graphql\n\n`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
void announceWhenReady();
