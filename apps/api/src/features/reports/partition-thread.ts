// Runs the gate's partition job (partition-job.ts) in a worker thread, so that a large survey's
// exact check (seconds on the 50,000 profile) never holds up the API's event loop: other requests
// are answered meanwhile. Concurrent reads of one release share the build (gate.ts). Each build
// has a worker to itself, so a large survey's does not hold up another survey's either; a worker
// that finished waits for the next build (starting one costs more than a small survey's check).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PartitionJob, PartitionResult } from './partition-job.js';

/** Workers kept waiting for a build; unreferenced, so they never keep the process alive. */
const MAX_IDLE = 2;
const idle: Worker[] = [];
/**
 * A waiting worker ends after this long unused: a release's builds come together (a start's
 * warm-up, a survey's first reads), and each idle worker holds an isolate's memory.
 */
const IDLE_MS = 30_000;
const idleTimers = new Map<Worker, NodeJS.Timeout>();

function takeIdle(): Worker | undefined {
  const worker = idle.pop();
  if (worker) {
    clearTimeout(idleTimers.get(worker));
    idleTimers.delete(worker);
  }
  return worker;
}

function keepIdle(worker: Worker): void {
  if (idle.length >= MAX_IDLE) {
    void worker.terminate();
    return;
  }
  idle.push(worker);
  const timer = setTimeout(() => void worker.terminate(), IDLE_MS);
  timer.unref();
  idleTimers.set(worker, timer);
}

/**
 * Ends the workers waiting for a build, so a closed API leaves no thread behind (they would otherwise
 * wait out IDLE_MS). A worker busy with a build is left to finish it; it then waits, unreferenced.
 */
export async function endIdlePartitionWorkers(): Promise<void> {
  const waiting = idle.splice(0);
  for (const worker of waiting) {
    clearTimeout(idleTimers.get(worker));
    idleTimers.delete(worker);
  }
  await Promise.all(waiting.map((worker) => worker.terminate()));
}

/**
 * A new worker. From the compiled API it runs partition-worker.js beside this file; from the
 * TypeScript sources (jest, `npm run dev`) partition-worker.ts, loaded through tsx's hooks
 * registered inside the worker (a worker does not inherit the loader of the thread that starts it).
 */
function startWorker(): Worker {
  const here = import.meta.url;
  const worker = here.endsWith('.ts')
    ? new Worker(
        `import('${tsxUrl(here)}').then(({ register }) => { register(); ` +
          `return import('${new URL('./partition-worker.ts', here).href}'); })`,
        { eval: true },
      )
    : new Worker(new URL('./partition-worker.js', here));
  // A worker that ends while waiting is no longer offered.
  worker.once('exit', () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    clearTimeout(idleTimers.get(worker));
    idleTimers.delete(worker);
  });
  return worker;
}

/** tsx's ESM entry (its `import` export), beside the CommonJS one that require resolves. */
const tsxUrl = (from: string) =>
  pathToFileURL(
    createRequire(from)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;

/** The job's partitions and choice, computed in a worker thread. The job's arrays move there. */
export function partitionsInWorker(job: PartitionJob): Promise<PartitionResult> {
  const worker = takeIdle() ?? startWorker();
  worker.ref();
  return new Promise((resolve, reject) => {
    const settle = () => {
      worker.off('message', answered);
      worker.off('error', failed);
      worker.off('exit', ended);
    };
    const answered = (result: PartitionResult) => {
      settle();
      worker.unref();
      keepIdle(worker);
      resolve(result);
    };
    const failed = (error: Error) => {
      settle();
      reject(error);
    };
    const ended = (code: number) => {
      settle();
      reject(new Error(`anonymity partition worker exited with code ${code}`));
    };
    worker.on('message', answered);
    worker.once('error', failed);
    worker.once('exit', ended);
    worker.postMessage(
      job,
      [job.n, job.release, job.units, job.answers].map((column) => column.buffer),
    );
  });
}
