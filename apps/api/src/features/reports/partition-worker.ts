// The worker thread of partition-thread.ts: runs partition jobs, one at a time, and hands back
// each one's cells.
import { parentPort } from 'node:worker_threads';
import { runPartitionJob, type PartitionJob } from './partition-job.js';

parentPort?.on('message', (job: PartitionJob) => {
  const result = runPartitionJob(job);
  parentPort?.postMessage(
    result,
    result.partitions.map((cells) => cells.buffer),
  );
});
