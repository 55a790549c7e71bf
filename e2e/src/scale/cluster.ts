// A deployment of several instances on this machine, as an operator would run one: HAProxy in front
// of the gateways, each gateway over a second HAProxy frontend to the APIs, all APIs on one fresh
// PostgreSQL database, mail to the project's catcher in this process (outside every API, so a
// killed API or worker loses none of what it sent), optional queue workers (API_ROLE=worker).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailCatcher, type MailCatcher } from '@survey/api';
import { postgresDatabase } from '@survey/api/testing';
import { startHaproxy, type Backend, type RunningHaproxy } from './haproxy.js';
import { AppProcess, freePort } from './processes.js';
import { GATE_WAIT, UPSTREAM_WAIT } from '../stack.js';

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/test';

/** The server a run creates its database on: CI's (.ci/run) unless DATABASE_URL names another. */
export const postgresServer = () => process.env.DATABASE_URL ?? DEFAULT_SERVER;

/**
 * Why the scale-out test cannot run here, or null. Only a machine without DATABASE_URL and without a
 * server at the default address skips it (a newcomer's, on the embedded database); with
 * DATABASE_URL set (CI) an unreachable server fails the test instead.
 */
export async function withoutPostgres(): Promise<string | null> {
  if (process.env.DATABASE_URL) return null;
  const { hostname, port } = new URL(DEFAULT_SERVER);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), timeout: 1000 });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
  return reachable
    ? null
    : `needs a PostgreSQL server: none at ${DEFAULT_SERVER}, and DATABASE_URL is not set`;
}

export interface ClusterOptions {
  apis: number;
  gateways: number;
  /** Processes that only run the queue's jobs (API_ROLE=worker); the APIs then serve HTTP only. */
  workers?: number;
  /** Backends of extra HAProxy frontends over some of the instances (the benchmark's 1 vs 2). */
  extraBackends?: (servers: {
    apis: Backend['servers'];
    gateways: Backend['servers'];
  }) => Backend[];
}

export interface Cluster {
  /** The front HAProxy: what a browser reaches (the gateways' /graphql). */
  frontUrl: string;
  /** The HAProxy frontend the gateways call (the APIs' REST). */
  apiUrl: string;
  haproxy: RunningHaproxy;
  mail: MailCatcher;
  apis: AppProcess[];
  gateways: AppProcess[];
  workers: AppProcess[];
  /** SIGTERM, wait until it exited, start it again, wait until HAProxy sends it requests again. */
  rollingRestart(app: AppProcess): Promise<{ code: number | null; forced: boolean }>;
  close(): Promise<void>;
}

/** How long an instance keeps serving after SIGTERM while its /readyz already fails (prod). */
const SHUTDOWN_GRACE_MS = 5000;

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const dir = await mkdtemp(path.join(tmpdir(), 'survey-scale-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const mail = await startMailCatcher();
    cleanups.push(() => mail.close());
    const database = await postgresDatabase(postgresServer());
    cleanups.push(() => database.drop());

    const shared = {
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS,
      // One signing key for every instance: a session one API issued works on all.
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    const apiEnv = {
      ...shared,
      DATABASE_URL: database.url,
      DATA_DIR: dir,
      SMTP_URL: mail.smtpUrl,
      // The demo company, its accounts and its ended survey are what the load reads.
      DEMO_DATA: 'true',
      // A fresh database's first report reads wait for the demo gates' build (a cold start, not
      // the restart this test is about) instead of answering RESULTS_PREPARING after 2 s.
      ...GATE_WAIT,
      // The gateways reach the APIs through HAProxy on loopback: their X-Forwarded-For (the
      // client's address, which the sign-in limit counts) is believed from there only.
      TRUST_PROXY: 'loopback',
      API_ROLE: options.workers ? 'http' : 'all',
      // A mail whose worker died mid-send is taken back after seconds, not the default minutes,
      // so a test sees it sent by the next worker.
      MAIL_EXPIRE_SECONDS: 10,
      MAIL_RETRY_DELAY_SECONDS: 1,
      JOBS_SUPERVISE_INTERVAL_SECONDS: 2,
    };
    const apiServers = await servers('api', options.apis);
    const gatewayServers = await servers('gateway', options.gateways);
    const backends: Backend[] = [
      { name: 'apis', servers: apiServers },
      { name: 'gateways', servers: gatewayServers, forwardFor: true },
      ...(options.extraBackends?.({ apis: apiServers, gateways: gatewayServers }) ?? []),
    ];
    const haproxy = await startHaproxy(backends, dir);
    cleanups.push(() => haproxy.close());
    const apiUrl = haproxy.urls.get('apis') ?? '';

    const app = (name: string, entry: string, port: number, env: Record<string, string | number>) =>
      new AppProcess({
        name,
        entry,
        env: { ...env, PORT: port },
        readyUrl: `http://127.0.0.1:${port}/readyz`,
      });
    const apis = apiServers.map((s) => app(s.name, 'apps/api/dist/server.js', s.port, apiEnv));
    const gateways = gatewayServers.map((s) =>
      app(s.name, 'apps/gateway/dist/server.js', s.port, {
        ...shared,
        API_URL: apiUrl,
        TRUST_PROXY: 'loopback',
        // A fresh database's first report reads wait for the demo gates' build (a cold start, not
        // the restart this test is about): the e2e runs' wait, not the production 5 s.
        UPSTREAM_HEADERS_TIMEOUT_MS: String(UPSTREAM_WAIT.UPSTREAM_HEADERS_TIMEOUT_MS),
      }),
    );
    const workerPorts = await Promise.all(Array.from({ length: options.workers ?? 0 }, freePort));
    const workers = workerPorts.map((port, i) =>
      app(`worker-${i + 1}`, 'apps/api/dist/server.js', port, { ...apiEnv, API_ROLE: 'worker' }),
    );
    const all = [...apis, ...gateways, ...workers];
    cleanups.push(() => Promise.all(all.map((a) => a.stop())));

    // The first API migrates and seeds the demo data; the others start on the seeded database.
    const [first, ...others] = apis;
    await first?.start();
    await Promise.all([...others, ...workers, ...gateways].map((a) => a.start()));
    for (const s of apiServers) await haproxy.waitFor('apis', s.name, 'UP');
    for (const s of gatewayServers) await haproxy.waitFor('gateways', s.name, 'UP');

    return {
      frontUrl: haproxy.urls.get('gateways') ?? '',
      apiUrl,
      haproxy,
      mail,
      apis,
      gateways,
      workers,
      async rollingRestart(process) {
        const backend = apis.includes(process) ? 'apis' : 'gateways';
        const exit = await process.stop('SIGTERM');
        await process.start();
        await haproxy.waitFor(backend, process.spec.name, 'UP');
        return exit;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function servers(kind: string, count: number): Promise<Backend['servers']> {
  const ports = await Promise.all(Array.from({ length: count }, freePort));
  return ports.map((port, i) => ({ name: `${kind}-${i + 1}`, port }));
}
