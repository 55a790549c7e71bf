// The gateway's one configuration, validated once at start. `process.env` is read here and nowhere else.
import { flag, logFormat, logLevel, parseTracing, type TracingConfig } from '@survey/runtime/env';
import { z } from 'zod';

const count = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const positive = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('0.0.0.0'),
  API_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:4100'),
  UPSTREAM_CONNECT_TIMEOUT_MS: positive(2000),
  UPSTREAM_HEADERS_TIMEOUT_MS: positive(5000),
  // AI calls wait on a language model (the API allows a provider call AI_TIMEOUT_MS, 60 s, and an
  // agentic answer several); the usual 5 s would cut them off.
  UPSTREAM_AI_TIMEOUT_MS: positive(180_000),
  UPSTREAM_BODY_TIMEOUT_MS: positive(10000),
  UPSTREAM_MAX_CONNECTIONS: positive(64),
  UPSTREAM_RETRIES: count(2),
  // Unset: Secure everywhere except development and test (plain http://localhost).
  COOKIE_SECURE: flag.optional(),
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
    .default('survey_session'),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, 'a size such as 100kb or 1mb')
    .default('1mb'),
  // Express `trust proxy`: which hops may set X-Forwarded-For. The gateway passes the client address
  // it finds to the API, whose sign-in limits key on it. None unless told: a header from a hop
  // nobody vouches for would let a client pick its address, and with it its own limit.
  TRUST_PROXY: z.string().min(1).default('false'),
  // Integrators keep both by default; a deployment that wants neither switches them off.
  GRAPHQL_INTROSPECTION: flag.default(true),
  GRAPHQL_PLAYGROUND: flag.default(true),
  /** Threads drawing supervisor package PDFs (issue 32); unset: one per core. */
  PDF_RENDER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** On SIGTERM: how long accepted requests may take to finish before their connections are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(8000),
  LOG_LEVEL: logLevel,
  /** `json`: one JSON object a line (production); `pretty`: short readable lines (`npm start`). */
  LOG_FORMAT: logFormat,
  GRAPHQL_MAX_DEPTH: positive(12),
  GRAPHQL_MAX_COST: positive(5000),
  GRAPHQL_MAX_ALIASES: count(15),
  GRAPHQL_MAX_TOKENS: positive(2000),
});

export type { TracingConfig };

/**
 * resvg's own allocator (mimalloc, inside its native module) gives the pages it freed back to the
 * system 10 ms after by default. A chart's pixmap and clip masks are megabytes, allocated again for
 * the next chart, and every page touched again faulted in: 38 % of a package's CPU on this
 * machine. Never purged (-1), they are reused. mimalloc reads the setting from the process
 * environment once, when the module is first loaded, so this runs before any thread loads it
 * (supervisors/pdf/pool.ts). An operator's own setting wins.
 */
export function keepRasterPages(environment: Record<string, string | undefined> = process.env) {
  environment.MIMALLOC_PURGE_DELAY ??= '-1';
}

/**
 * Tracing (telemetry.ts): on when an OTLP endpoint or a traces exporter is named by the standard
 * OTEL_* variables, which the OpenTelemetry SDK itself reads; off (nothing loaded) otherwise.
 */
export const tracingConfig = (
  environment: Record<string, string | undefined> = process.env,
): TracingConfig => parseTracing(environment, 'survey-gateway');

type Parsed = z.output<typeof schema>;
export type GatewayConfig = Omit<Parsed, 'COOKIE_SECURE'> & { COOKIE_SECURE: boolean };
/** Values as `startGateway` takes them: the variable names, with numbers and booleans allowed. */
export type ConfigOverrides = { [K in keyof Parsed]?: string | number | boolean };

/** Reads the environment plus overrides; throws listing every missing or malformed variable. */
export function loadConfig(
  overrides: ConfigOverrides = {},
  environment: Record<string, string | undefined> = process.env,
): GatewayConfig {
  const defined = Object.entries(overrides).filter(([, value]) => value !== undefined);
  const result = schema.safeParse({ ...environment, ...Object.fromEntries(defined) });
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid gateway configuration:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  const relaxed = parsed.NODE_ENV === 'development' || parsed.NODE_ENV === 'test';
  return { ...parsed, COOKIE_SECURE: parsed.COOKIE_SECURE ?? !relaxed };
}
