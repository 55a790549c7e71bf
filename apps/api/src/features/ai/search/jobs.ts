// Search index builds run as pg-boss jobs (lib/jobs.ts), so a build queued or half done when the
// API stops is picked up again by the next worker. A build's worker beats a heartbeat; when it
// dies, the supervisor fails the attempt after heartbeatSeconds and the build is retried (the
// builder resumes from its saved progress), until retryLimit, after which it stays failed, visibly.
import type { Jobs } from '../../../lib/jobs.js';
import type { QueueStats } from '../../../lib/metrics.js';

export const BUILD_QUEUE = 'ai-search-index-build';

export interface BuildJob {
  surveyId: string;
}

export interface AiJobs {
  enqueueBuild(job: BuildJob): Promise<string>;
  /** The build queue's jobs by state (/metrics). */
  stats(): Promise<QueueStats>;
}

export interface BuildQueueOptions {
  /** Builds one index; throws to let pg-boss retry it. */
  build(job: BuildJob): Promise<void>;
  /** False: queue only, no worker (a process that must not build). */
  work: boolean;
  /** How long a build may go without its worker's heartbeat (10 or more). */
  heartbeatSeconds: number;
  pollingIntervalSeconds?: number;
}

export async function startBuildQueue(jobs: Jobs, options: BuildQueueOptions): Promise<AiJobs> {
  const { boss } = jobs;
  const queue = {
    retryLimit: 3,
    retryDelay: 5,
    heartbeatSeconds: options.heartbeatSeconds,
    // A build of a large survey takes minutes; the heartbeat, not this, catches a dead worker.
    expireInSeconds: 60 * 60,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
  };
  if (await boss.getQueue(BUILD_QUEUE)) await boss.updateQueue(BUILD_QUEUE, queue);
  else await boss.createQueue(BUILD_QUEUE, queue);
  if (options.work)
    await boss.work<BuildJob>(
      BUILD_QUEUE,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async (batch) => {
        for (const job of batch) await options.build(job.data);
      },
    );
  return {
    async enqueueBuild(job) {
      const id = await boss.send(BUILD_QUEUE, job, { singletonKey: job.surveyId });
      return id ?? 'already-queued';
    },
    stats: () => jobs.stats(BUILD_QUEUE),
  };
}
