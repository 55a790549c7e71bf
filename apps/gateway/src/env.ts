// The gateway's one configuration, validated once at start. `process.env` is read here and nowhere else.
import { z } from 'zod';

const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
]);
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
  /** On SIGTERM: how long accepted requests may take to finish before their connections are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(8000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json`: one JSON object a line (production); `pretty`: short readable lines (`npm start`). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  GRAPHQL_MAX_DEPTH: positive(12),
  GRAPHQL_MAX_COST: positive(5000),
  GRAPHQL_MAX_ALIASES: count(15),
  GRAPHQL_MAX_TOKENS: positive(2000),
});

/**
 * Tracing (telemetry.ts): on when an OTLP endpoint or a traces exporter is named by the standard
 * OTEL_* variables, which the OpenTelemetry SDK itself reads; off (nothing loaded) otherwise.
 */
const tracingSchema = z.object({
  OTEL_SDK_DISABLED: flag.default(false),
  OTEL_TRACES_EXPORTER: z.string().optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('survey-gateway'),
});

export interface TracingConfig {
  enabled: boolean;
  serviceName: string;
}

export function tracingConfig(
  environment: Record<string, string | undefined> = process.env,
): TracingConfig {
  const set = Object.entries(environment).filter(
    ([, value]) => value !== undefined && value !== '',
  );
  const result = tracingSchema.safeParse(Object.fromEntries(set));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid tracing configuration:\n${lines.join('\n')}`);
  }
  const otel = result.data;
  const exporters = otel.OTEL_TRACES_EXPORTER?.split(',').map((name) => name.trim()) ?? [];
  const named =
    exporters.some((name) => name !== 'none' && name !== '') ||
    (exporters.length === 0 &&
      (otel.OTEL_EXPORTER_OTLP_ENDPOINT ?? otel.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) !== undefined);
  return { enabled: !otel.OTEL_SDK_DISABLED && named, serviceName: otel.OTEL_SERVICE_NAME };
}

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
