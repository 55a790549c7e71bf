// Debian's HAProxy (installed by scripts/preflight) as the load balancer in front of the apps: a
// config written to a temporary folder, frontends on free loopback ports, servers health-checked on
// /readyz, and the stats page read to know when HAProxy sees a restarted server again.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, track, waitUntil } from './processes.js';

export interface Backend {
  /** The frontend's and backend's name in the config: letters, digits and dashes. */
  name: string;
  servers: { name: string; port: number }[];
  /**
   * Sets X-Forwarded-For to the client's address, replacing whatever the client sent, as the edge
   * in front of the gateways does (their TRUST_PROXY trusts loopback, so a sign-in is counted
   * against the client, not HAProxy, and a client cannot name another address).
   */
  forwardFor?: boolean;
}

const SBIN = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** The haproxy command: on PATH or in the system folders a non-root PATH lacks (Debian: /usr/sbin). */
export function haproxyCommand(): string {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), ...SBIN].filter(Boolean);
  for (const dir of dirs) {
    const file = path.join(dir, 'haproxy');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  throw new Error(
    'haproxy is not installed: run `node scripts/preflight/preflight.mjs` as root, or apt-get install haproxy',
  );
}

/**
 * The config. Health checks every 250 ms, one failure takes a server out: a server whose /readyz
 * fails as it begins to shut down gets no new request within half a second. `retries` with
 * `redispatch` sends a request whose connection was refused to another server (nothing of it reached
 * the first); a request that reached a server is never sent twice.
 */
export function haproxyConfig(backends: Backend[], ports: Map<string, number>, statsPort: number) {
  const lines = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout check 1s',
    '  retries 3',
    '  option redispatch 1',
    'listen stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /stats',
  ];
  for (const backend of backends) {
    lines.push(
      `frontend ${backend.name}`,
      `  bind 127.0.0.1:${ports.get(backend.name)}`,
      `  default_backend ${backend.name}`,
      `backend ${backend.name}`,
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      // Which server answered: the test checks that a limit holds whichever instance it reached.
      '  http-response set-header x-served-by %s',
      ...(backend.forwardFor ? ['  http-request set-header x-forwarded-for %[src]'] : []),
      '  default-server check inter 250ms fall 1 rise 1',
      ...backend.servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port}`),
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface RunningHaproxy {
  /** `http://127.0.0.1:<port>` of each backend's frontend, by name. */
  urls: Map<string, string>;
  /** Resolves once HAProxy's health check has `server` of `backend` up (or down). */
  waitFor(backend: string, server: string, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startHaproxy(backends: Backend[], dir: string): Promise<RunningHaproxy> {
  const ports = new Map<string, number>();
  for (const backend of backends) ports.set(backend.name, await freePort());
  const statsPort = await freePort();
  const file = path.join(dir, 'haproxy.cfg');
  await writeFile(file, haproxyConfig(backends, ports, statsPort));
  const child: ChildProcess = spawn(haproxyCommand(), ['-db', '-f', file], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = `${log}${chunk.toString()}`.slice(-4000)));
  const exited = once(child, 'exit');
  track(child);

  const stats = `http://127.0.0.1:${statsPort}/stats;csv`;
  const states = async (): Promise<Map<string, string>> => {
    const csv = await (await fetch(stats)).text();
    // pxname,svname,…; the status column is named "status".
    const [header = '', ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const status = header.split(',').indexOf('status');
    return new Map(
      rows.map((row) => {
        const cells = row.split(',');
        return [`${cells[0]}/${cells[1]}`, cells[status] ?? ''];
      }),
    );
  };
  await waitUntil(
    () => {
      if (child.exitCode !== null) throw new Error(`haproxy exited:\n${log}`);
      return states().then(
        () => true,
        () => false,
      );
    },
    'haproxy started',
    10_000,
  );
  const urls = new Map([...ports].map(([name, port]) => [name, `http://127.0.0.1:${port}`]));
  return {
    urls,
    waitFor: (backend, server, state, timeoutMs = 30_000) =>
      waitUntil(
        async () => (await states()).get(`${backend}/${server}`)?.startsWith(state) ?? false,
        `haproxy sees ${backend}/${server} ${state}`,
        timeoutMs,
      ),
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
