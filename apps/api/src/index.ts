// The package entry: run a real API in-process (gateway tests, e2e, benchmarks).
import { parseConfig, type ConfigOverrides } from './env.js';
import { createLogger } from './lib/logger.js';
import type { Mail } from './lib/mail-catcher.js';
import { startRuntime } from './runtime.js';

export { createApp, type AppDeps } from './app.js';
export { DEMO_ACCOUNTS, DEMO_COMPANY, PENDING_DEMO_ACCOUNT } from './demo/accounts.js';
export { writeDemoSnapshot } from './demo/snapshot.js';
export type { Config, ConfigOverrides } from './env.js';
export type { ReportAnswers } from './features/reports/responses.js';
// The REST answers the gateway maps from (type-only: no API code runs in the gateway).
export type { CompanyDto, CompanyPageDto, UnitDto } from './features/companies/queries.js';
export type { Participant } from './features/participants/service.js';
export type { MailRun } from './features/participants/mail-runs.js';
export type { Survey } from './features/surveys/service.js';
export type {
  SupervisorDto,
  SupervisorOverviewDto,
  SupervisorPackageDto,
  SupervisorRunDto,
  SupervisorUnitDto,
} from './features/supervisors/service.js';
export type { AuditRecord } from './features/ai/policy/usage.js';
export type { AiAnswers } from './features/ai/responses.js';
export { startMailCatcher, type Mail, type MailCatcher } from './lib/mail-catcher.js';

export interface StartedApi {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  /** Present unless SMTP_URL was given. */
  mailCatcher?: {
    smtpUrl: string;
    httpUrl: string;
    /** Newest first. */
    messages(): Promise<Mail[]>;
    waitFor(match: (mail: Mail) => boolean, timeoutMs?: number): Promise<Mail>;
    clear(): void;
  };
  close(): Promise<void>;
}

/**
 * Starts a migrated, seeded API with its own mail catcher. Unlike the server it does not read the
 * environment: every instance is isolated (port 0, in-memory PGlite, catcher on ephemeral ports,
 * log level warn) unless `overrides` say otherwise.
 */
export async function startApi(overrides: ConfigOverrides = {}): Promise<StartedApi> {
  const config = parseConfig({
    // A test or benchmark instance: demo data and the mail catcher unless overrides say otherwise.
    NODE_ENV: 'test',
    PORT: 0,
    HOST: '127.0.0.1',
    DATA_DIR: 'memory',
    MAIL_CATCHER_SMTP_PORT: 0,
    MAIL_CATCHER_HTTP_PORT: 0,
    LOG_LEVEL: 'warn',
    ...overrides,
  });
  const running = await startRuntime(config, createLogger(config.LOG_LEVEL, config.LOG_FORMAT));
  const catcher = running.mailCatcher;
  return {
    url: running.url,
    port: running.port,
    mailCatcher: catcher && {
      smtpUrl: catcher.smtpUrl,
      httpUrl: catcher.httpUrl,
      messages: () => catcher.messages(),
      waitFor: (match, timeoutMs) => catcher.waitFor(match, timeoutMs),
      clear: () => catcher.clear(),
    },
    close: () => running.close(),
  };
}
