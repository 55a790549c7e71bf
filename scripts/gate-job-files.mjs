// The partition jobs written by scripts/gate-jobs.mjs, as scripts/gate-build.mjs and
// scripts/gate-bounds.mjs read them: a directory's .json files in name order (or one file), each
// job with its columns as the typed arrays the gate hands its worker (partition-job.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const COLUMNS = ['levels', 'n', 'release', 'units', 'answers'];

/** The job files of `target`: a directory's .json files, sorted, or `target` itself. */
export function jobFiles(target) {
  return statSync(target).isDirectory()
    ? readdirSync(target)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => join(target, name))
    : [target];
}

/** The job in `file`, its columns as Int32Arrays. */
export function readJob(file) {
  const job = JSON.parse(readFileSync(file, 'utf8'));
  for (const key of COLUMNS) job[key] = Int32Array.from(job[key]);
  return job;
}
