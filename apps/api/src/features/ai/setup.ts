// Builds the AI feature from the configuration: the provider engine when AI_BASE_URL is set, else
// the embedded one; the usage controls; the service; and, when given, the build jobs.
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../../env.js';
import type { Db } from '../../lib/db.js';
import { aiPerAccountLimit } from '../../lib/limits/limits.js';
import { postgresLimitStore } from '../../lib/limits/store.js';
import type { Logger } from '../../lib/logger.js';
import { embeddedEngine } from './embedded-engine.js';
import type { AiEngine } from './engine.js';
import { startAiJobs, type AiJobs } from './jobs.js';
import { providerEngine } from './provider-engine.js';
import { aiService, type AiService } from './service.js';
import { aiUsage, type AiUsage } from './usage.js';

type AiConfig = Pick<
  Config,
  | 'AI_BASE_URL'
  | 'AI_API_KEY'
  | 'AI_CHAT_MODEL'
  | 'AI_EMBEDDING_MODEL'
  | 'AI_TIMEOUT_MS'
  | 'AI_RATE_LIMIT_PER_MINUTE'
  | 'AI_DAILY_TOKEN_CAP'
  | 'AI_JOBS_SCHEMA'
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
  const service = aiService({ db, threshold, engine: engineFor(config), usage, jobs, logger });
  return { service, usage, jobs };
}

/**
 * Starts the build queue and its worker (runtime.ts): the jobs need the service to build, the
 * service needs the jobs to queue, so the worker calls through a late-bound reference.
 */
export async function startAiFeature(
  db: Db,
  config: AiConfig,
  logger: Logger,
  options: {
    work?: boolean;
    pollingIntervalSeconds?: number;
    threshold?: number;
    perAccount?: RateLimiterAbstract;
  } = {},
): Promise<AiFeature & { jobs: AiJobs }> {
  const wired: { service?: AiService } = {};
  const jobs = await startAiJobs(db, {
    schema: config.AI_JOBS_SCHEMA,
    logger,
    build: async ({ surveyId }) => {
      // Not wired yet (a job picked up during start): fail, and pg-boss retries it shortly.
      if (!wired.service) throw new Error('AI service not ready');
      await wired.service.build(surveyId);
    },
    ...(options.work === undefined ? {} : { work: options.work }),
    ...(options.pollingIntervalSeconds
      ? { pollingIntervalSeconds: options.pollingIntervalSeconds }
      : {}),
  });
  const feature = createAi(db, config, logger, jobs, options.threshold, options.perAccount);
  wired.service = feature.service;
  return { ...feature, jobs };
}
