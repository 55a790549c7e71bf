// Builds the AI feature from the configuration: the provider engine when AI_BASE_URL is set, else
// the embedded one; the usage controls; the service; and, when given, the build jobs.
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../../env.js';
import type { Db } from '../../lib/db.js';
import type { Jobs } from '../../lib/jobs.js';
import { aiPerAccountLimit } from '../../lib/limits/limits.js';
import { postgresLimitStore } from '../../lib/limits/store.js';
import type { Logger } from '../../lib/logger.js';
import { reportsService } from '../reports/index.js';
import { embeddedEngine } from './engines/embedded/embedded-engine.js';
import type { AiEngine } from './engines/engine.js';
import { startBuildQueue, type AiJobs } from './search/jobs.js';
import { providerEngine } from './engines/provider/provider-engine.js';
import { aiService, type AiService } from './service.js';
import { aiUsage, type AiUsage } from './policy/usage.js';

type AiConfig = Pick<
  Config,
  | 'AI_BASE_URL'
  | 'AI_API_KEY'
  | 'AI_CHAT_MODEL'
  | 'AI_EMBEDDING_MODEL'
  | 'AI_TIMEOUT_MS'
  | 'AI_RATE_LIMIT_PER_MINUTE'
  | 'AI_DAILY_TOKEN_CAP'
  | 'AI_BUILD_HEARTBEAT_SECONDS'
  | 'ANONYMITY_THRESHOLD'
>;

export function engineFor(config: AiConfig): AiEngine {
  if (!config.AI_BASE_URL || !config.AI_CHAT_MODEL || !config.AI_EMBEDDING_MODEL)
    return embeddedEngine();
  return providerEngine({
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    chatModel: config.AI_CHAT_MODEL,
    embeddingModel: config.AI_EMBEDDING_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
  });
}

export interface AiFeature {
  service: AiService;
  usage: AiUsage;
  jobs?: AiJobs | undefined;
}

/**
 * The service and usage controls; `jobs` undefined: index builds answer 503 (no queue).
 * `perAccount`: the per-account call limit (lib/limits); default, counted in `db`.
 */
export function createAi(
  db: Db,
  config: AiConfig,
  logger: Logger,
  jobs?: AiJobs,
  threshold = config.ANONYMITY_THRESHOLD,
  perAccount = aiPerAccountLimit(postgresLimitStore(db), config.AI_RATE_LIMIT_PER_MINUTE),
): AiFeature {
  const usage = aiUsage(db, { perAccount, dailyTokenCap: config.AI_DAILY_TOKEN_CAP });
  const reports = reportsService(db, threshold);
  const service = aiService({ db, reports, engine: engineFor(config), usage, jobs, logger });
  return { service, usage, jobs };
}

/**
 * Creates the build queue on the shared jobs and, when `work`, its worker (runtime.ts): the jobs
 * need the service to build, the service needs the jobs to queue, so the worker calls through a
 * late-bound reference.
 */
export async function startAiFeature(
  db: Db,
  jobs: Jobs,
  config: AiConfig,
  logger: Logger,
  options: {
    work: boolean;
    pollingIntervalSeconds?: number;
    threshold?: number;
    perAccount?: RateLimiterAbstract | undefined;
  },
): Promise<AiFeature & { jobs: AiJobs }> {
  const wired: { service?: AiService } = {};
  const queue = await startBuildQueue(jobs, {
    build: async ({ surveyId }) => {
      // Not wired yet (a job picked up during start): fail, and pg-boss retries it shortly.
      if (!wired.service) throw new Error('AI service not ready');
      await wired.service.build(surveyId);
    },
    work: options.work,
    heartbeatSeconds: config.AI_BUILD_HEARTBEAT_SECONDS,
    ...(options.pollingIntervalSeconds
      ? { pollingIntervalSeconds: options.pollingIntervalSeconds }
      : {}),
  });
  const feature = createAi(db, config, logger, queue, options.threshold, options.perAccount);
  wired.service = feature.service;
  return { ...feature, jobs: queue };
}
