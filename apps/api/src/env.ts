// The API's one configuration, validated once at start. `process.env` is read here and nowhere else.
import path from 'node:path';
import { flag, logFormat, logLevel, parseTracing, type TracingConfig } from '@survey/runtime/env';
import { z } from 'zod';
import { repoRoot } from './lib/paths.js';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
// An empty variable counts as unset, so `SMTP_URL=` in a shell or compose file means "none".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const schema = z.object({
  /** production (the default): demo data off, and a signing key and a mail server required. */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  PORT: port(4100),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PostgreSQL server; unset: embedded PGlite. */
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  /** PGlite files and the generated signing key; `memory` keeps nothing on disk. */
  DATA_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, '.data', 'api')),
  /**
   * With DATA_DIR=memory: a PGlite dump (`.tar`, demo/snapshot.ts) to open the database from
   * instead of an empty one. The end-to-end tests start dozens of APIs from one seeded database.
   */
  DATA_SNAPSHOT: optional(z.string().min(1)),
  /** The token signing key, the same for every instance; required in production and with DATABASE_URL. */
  JWT_SECRET: optional(z.string().min(32, 'at least 32 characters')),
  /** The key before the last rotation: its tokens are still accepted until they expire. */
  JWT_SECRET_PREVIOUS: optional(z.string().min(32, 'at least 32 characters')),
  TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /**
   * A session lifetime in seconds instead of TOKEN_TTL_MINUTES: the browser test of an expiring
   * session waits seconds, not a minute.
   */
  TOKEN_TTL_SECONDS: optional(z.coerce.number().int().min(5).max(86_400)),
  /** Outgoing mail server; unset: the built-in mail catcher starts (in production only with MAIL_CATCHER=true). */
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  /** In production: true keeps every mail in the built-in catcher when SMTP_URL is unset (demos). */
  MAIL_CATCHER: optional(flag),
  MAIL_CATCHER_SMTP_PORT: port(1025),
  MAIL_CATCHER_HTTP_PORT: port(1080),
  MAIL_FROM: z.string().min(3).default('Survey Console <no-reply@survey-console.local>'),
  /** Base of the links in emails. */
  WEB_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  /**
   * The gateway the supervisors' send job asks for each unit's package PDF (issue 32); unset: the
   * job stores none and a package link builds its PDF when it is opened.
   */
  GATEWAY_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Unset: demo data everywhere but in production. */
  DEMO_DATA: optional(flag),
  DEMO_PASSWORD: z.string().min(8).default('DemoPass2026'),
  ANONYMITY_THRESHOLD: z.coerce.number().int().min(3).default(5),
  /**
   * Report figures summed from the released batches' cell statistics (docs/report-performance.md,
   * "Cell statistics"), and the dashboard's other reads from kept sums and counts (migration 027:
   * the company trend, the top-20 rollup, an ended survey's participant counts); `false` reads them
   * from the rows, as before (for comparison).
   */
  REPORT_CELL_STATS: flag.default(true),
  /**
   * How long a report read waits for its survey's anonymity gate and cell statistics still being
   * made before `503 gate-preparing` with Retry-After (features/reports/routes.ts); under the
   * gateway's 5 s wait for an answer's headers.
   */
  REPORT_GATE_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** On SIGTERM: how long accepted requests may take to finish before their connections are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(8000),
  LOG_LEVEL: logLevel,
  /** `json`: one JSON object a line (production); `pretty`: short readable lines (`npm start`). */
  LOG_FORMAT: logFormat,
  MAX_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
  /** An OpenAI-compatible endpoint (…/v1); unset: the embedded AI engine (docs/ai.md). */
  AI_BASE_URL: optional(z.url({ protocol: /^https?$/ })),
  AI_API_KEY: optional(z.string().min(1)),
  AI_CHAT_MODEL: optional(z.string().min(1)),
  AI_EMBEDDING_MODEL: optional(z.string().min(1)),
  /** One provider call, retries included. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** AI calls per account per minute (summaries, translations, searches). */
  AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Provider tokens (input + output) a day, all accounts together; over it, calls answer 429. */
  AI_DAILY_TOKEN_CAP: z.coerce.number().int().min(0).default(2_000_000),
  /**
   * Where every limit counts (docs/scaling.md): Redis when set, else the API's database, so all
   * instances share one count.
   */
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/ })),
  /** Sign-in attempts (passwords, codes, reset requests, PINs) per client address and minute. */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Wrong questionnaire PINs per client address in 15 minutes. */
  PIN_WRONG_TRIES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Express `trust proxy`: which hops may name the client address in X-Forwarded-For (the gateway
   * does; the sign-in limits key on it). A boolean, a hop count, or addresses and subnets.
   */
  TRUST_PROXY: z
    .string()
    .min(1)
    .default('loopback')
    .transform((value): boolean | number | string =>
      value === 'true' || value === 'false'
        ? value === 'true'
        : /^\d+$/.test(value)
          ? Number(value)
          : value,
    ),
  /** The PostgreSQL schema of the pg-boss job tables (mail, search index builds). */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,40}$/)
    .default('pgboss'),
  /**
   * What this process runs: `all` the HTTP API and the job workers, `http` the API only (it queues
   * jobs), `worker` the workers only (HTTP serves just /healthz and /readyz). docs/scaling.md.
   */
  API_ROLE: z.enum(['all', 'http', 'worker']).default('all'),
  /** How often the job supervisor looks for jobs of dead workers (and the queue monitor runs). */
  JOBS_SUPERVISE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** A search index build without its worker's heartbeat this long is retried (pg-boss: >= 10). */
  AI_BUILD_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  /** Retries of a mail the server refused or could not be reached for, with exponential backoff. */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  /** The first retry's delay; each next one doubles, up to 10 minutes. */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** A mail job active this long (its worker died mid-send) is taken back and retried. */
  MAIL_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
});

type Parsed = z.output<typeof schema>;

/** What production refuses to guess: a shared signing key, and where invitations to real people go. */
function checkProduction(config: Parsed, ctx: z.RefinementCtx): void {
  const production = config.NODE_ENV === 'production';
  if (!config.JWT_SECRET && (production || config.DATABASE_URL))
    ctx.addIssue({
      code: 'custom',
      path: ['JWT_SECRET'],
      message: production
        ? 'required with NODE_ENV=production (32+ characters, the same for every instance)'
        : 'required with DATABASE_URL (32+ characters, the same for every instance)',
    });
  if (config.JWT_SECRET_PREVIOUS && !config.JWT_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['JWT_SECRET_PREVIOUS'],
      message: 'only next to JWT_SECRET (the current key)',
    });
  if (production && !config.SMTP_URL && config.MAIL_CATCHER !== true)
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message:
        'required with NODE_ENV=production (or MAIL_CATCHER=true to keep every mail in the built-in catcher)',
    });
}

const checked = schema.superRefine((config, ctx) => {
  checkProduction(config, ctx);
  if (config.DATA_SNAPSHOT && (config.DATA_DIR !== 'memory' || config.DATABASE_URL))
    ctx.addIssue({
      code: 'custom',
      path: ['DATA_SNAPSHOT'],
      message: 'only for the in-memory database (DATA_DIR=memory, no DATABASE_URL)',
    });
  // PGlite belongs to one process: its queue's only worker is that process.
  if (config.API_ROLE !== 'all' && !config.DATABASE_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['API_ROLE'],
      message: 'http and worker need DATABASE_URL (PostgreSQL); the embedded database runs all',
    });
  // A provider needs both model names; naming models without an endpoint is a mistake too.
  if (config.AI_BASE_URL)
    for (const key of ['AI_CHAT_MODEL', 'AI_EMBEDDING_MODEL'] as const)
      if (!config[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'required when AI_BASE_URL is set' });
  if (
    !config.AI_BASE_URL &&
    (config.AI_CHAT_MODEL || config.AI_EMBEDDING_MODEL || config.AI_API_KEY)
  )
    ctx.addIssue({
      code: 'custom',
      path: ['AI_BASE_URL'],
      message: 'required with the AI_* model settings',
    });
});

const withDefaults = checked.transform((config) => ({
  ...config,
  DEMO_DATA: config.DEMO_DATA ?? config.NODE_ENV !== 'production',
}));

export type Config = z.output<typeof withDefaults>;
/** Values as `startApi` takes them: the variable names, with numbers and booleans allowed. */
export type ConfigOverrides = { [K in keyof Parsed]?: string | number | boolean };

function validate<T extends z.ZodType>(parser: T, source: Record<string, unknown>): z.output<T> {
  const defined = Object.entries(source).filter(([, value]) => value !== undefined);
  const result = parser.safeParse(Object.fromEntries(defined));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid API configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Validates a set of variables; throws listing every missing or malformed one. */
export const parseConfig = (source: Record<string, unknown>): Config =>
  validate(withDefaults, source);

/** What `npm run seed` needs: the database and the demo password, no server settings. */
export const loadSeedConfig = () =>
  validate(schema.pick({ DATABASE_URL: true, DATA_DIR: true, DEMO_PASSWORD: true }), process.env);

/** How long an issued session token lasts: TOKEN_TTL_SECONDS when set, else TOKEN_TTL_MINUTES. */
export const tokenTtlSeconds = (config: Config): number =>
  config.TOKEN_TTL_SECONDS ?? config.TOKEN_TTL_MINUTES * 60;

export type { TracingConfig };

/**
 * Tracing (telemetry.ts): on when an OTLP endpoint or a traces exporter is named by the standard
 * OTEL_* variables, which the OpenTelemetry SDK itself reads; off (nothing loaded) otherwise.
 */
export const tracingConfig = (source: Record<string, unknown> = process.env): TracingConfig =>
  parseTracing(source, 'survey-api');

/** The process environment plus overrides (the runnable server). */
export const loadConfig = (overrides: ConfigOverrides = {}): Config =>
  parseConfig({ ...process.env, ...overrides });
