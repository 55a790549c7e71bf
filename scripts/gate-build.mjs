#!/usr/bin/env node
// Times the anonymity gate's first build (the partition job a worker runs: partition-job.ts) on
// jobs written by scripts/gate-jobs.mjs, and prints a digest of each result (every partition's
// cells and the kept choice with its method): equal digests, equal gates. Several builds of the
// API (directories holding features/reports/partition-job.js) run in turns on each job, so their
// times are measured side by side under the same load (wall clock and this process's CPU time:
// the machine is shared, so CPU time is the steadier figure).
// `node scripts/gate-build.mjs <jobs dir or .json> [dist ...]` (default apps/api/dist);
// GATE_BUILD_METHOD=parts|levelsFirst|batches|best (default: the job's). Each line also prints the
// background groups of at least T the result shows, over the whole survey and within units
// (best-partitions.ts, as the gate scores its choices).
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { jobFiles, readJob } from './gate-job-files.mjs';

const [target = 'gate-jobs', ...dists] = process.argv.slice(2);
const builds = dists.length > 0 ? dists : ['apps/api/dist'];
const files = jobFiles(target);
const runners = await Promise.all(
  builds.map(async (dist) => {
    const url = pathToFileURL(resolve(dist, 'features/reports/partition-job.js')).href;
    const job = await import(url);
    const scores = await import(
      pathToFileURL(resolve(dist, 'features/reports/best-partitions.js')).href
    );
    // Builds before the shares were printed have no atomsOfJob: they print none.
    const shares = (plain, result) => {
      if (!job.atomsOfJob) return '';
      const { atoms } = job.atomsOfJob(plain);
      const { survey, units } = scores.shownGroups(atoms, result.partitions, plain.threshold);
      return `shown ${survey.shown}/${survey.large} survey, ${units.shown}/${units.large} units  `;
    };
    return { dist, run: job.runPartitionJob, shares };
  }),
);
function jobOf(file) {
  const job = readJob(file);
  if (process.env.GATE_BUILD_METHOD) job.method = process.env.GATE_BUILD_METHOD;
  return job;
}

function digestOf(result) {
  const hash = createHash('sha256');
  for (const cells of result.partitions) hash.update(JSON.stringify(Array.from(cells)));
  hash.update(JSON.stringify(result.choice));
  return hash.digest('hex').slice(0, 16);
}

for (const file of files) {
  const name = basename(file, '.json');
  for (const { dist, run, shares } of runners) {
    const job = jobOf(file);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = run(job);
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    console.log(
      `${name.padEnd(28)} ${dist.padEnd(28)} ${String(job.n.length).padStart(7)} atoms  ` +
        `${(ms / 1000).toFixed(2).padStart(8)} s wall ${((user + system) / 1e6).toFixed(2).padStart(8)} s cpu  ${result.choice.method.padEnd(7)} ` +
        `${result.partitions.length} partitions  digest ${digestOf(result)}  ` +
        shares(job, result) +
        `load ${loadavg()[0].toFixed(1)}`,
    );
  }
}
