// The built apps in their own processes, as an operator runs them (`node apps/api/dist/server.js`):
// started with a clean environment, watched until ready, stopped by a signal. Every process started
// here is also ended when the test process exits, whatever happened.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const running = new Set<ChildProcess>();
const killAll = () => {
  for (const child of running) child.kill('SIGKILL');
};
process.once('exit', killAll);
// Interrupted (Ctrl-C, a CI timeout): end the children too, then die of the same signal.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    killAll();
    process.kill(process.pid, signal);
  });

/** Ends `child` with this process, however this process ends. */
export function track(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/** A port nobody listens on now (the OS picks it); the app is started on it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it is true; throws `what` after `timeoutMs`. */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

const answersOk = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    (res) => res.ok,
    () => false,
  );

export interface AppSpec {
  /** For messages: `api-1`, `gateway-2`. */
  name: string;
  /** The built entry, relative to the repository root. */
  entry: string;
  env: Record<string, string | number>;
  /** Answers 2xx once the app can serve; null: ready when started (a process without HTTP). */
  readyUrl: string | null;
}

/** One app that can be started, stopped and started again with the same settings and port. */
export class AppProcess {
  private child: ChildProcess | null = null;
  private stderr: string[] = [];

  constructor(readonly spec: AppSpec) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last lines the app wrote to stderr (its warnings and errors), for a failure message. */
  get log(): string {
    return this.stderr.join('').slice(-4000);
  }

  async start(timeoutMs = 120_000): Promise<void> {
    const child = spawn(process.execPath, [this.spec.entry], {
      cwd: repoRoot,
      // Only what an operator would set: nothing of the developer's shell (REDIS_URL, OTEL_*…).
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...Object.fromEntries(Object.entries(this.spec.env).map(([k, v]) => [k, String(v)])),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    track(child);
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr.push(chunk.toString());
      if (this.stderr.length > 200) this.stderr.splice(0, 100);
    });
    const { readyUrl } = this.spec;
    if (!readyUrl) return;
    await waitUntil(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`${this.spec.name} exited while starting:\n${this.log}`);
        return answersOk(readyUrl);
      },
      `${this.spec.name} ready at ${readyUrl}`,
      timeoutMs,
    );
  }

  /**
   * Sends `signal` and waits until the process has exited; SIGKILL after `timeoutMs` (a shutdown
   * that hangs is reported through `exit`'s result).
   */
  async stop(
    signal: NodeJS.Signals = 'SIGTERM',
    timeoutMs = 30_000,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null; forced: boolean }> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null)
      return { code: child?.exitCode ?? null, signal: child?.signalCode ?? null, forced: false };
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    child.kill(signal);
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const [code, exitSignal] = await exited;
    clearTimeout(timer);
    return { code, signal: exitSignal, forced };
  }
}
