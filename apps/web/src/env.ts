// The web app's configuration, validated once and read nowhere else: the build-time variables the
// browser bundle sees (import.meta.env) and the dev and preview server's (process.env, through
// vite.config.ts). A bad value fails at start, listing every bad variable.
import { z } from 'zod/mini';

const browserSchema = z.object({
  /** True in the dev server: errors show their message. */
  DEV: z._default(z.boolean(), false),
  /** Email domains offered the bulk user import (comma-separated); the provider's own by default. */
  VITE_USER_IMPORT_DOMAINS: z.optional(z.string()),
});

const serverSchema = z.object({
  /** Where the web server proxies /graphql and /files. */
  GATEWAY_URL: z._default(z.url({ protocol: /^https?$/ }), 'http://localhost:4000'),
  WEB_PORT: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(65535)), 3000),
});

function parse<S extends z.ZodMiniType>(
  schema: S,
  source: Record<string, unknown>,
  what: string,
): z.output<S> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid ${what} configuration:\n${lines.join('\n')}`);
}

export type WebEnv = z.output<typeof browserSchema>;
export type WebServerEnv = z.output<typeof serverSchema>;

/** The browser's variables; vite.config.ts imports this module outside Vite, without import.meta.env. */
export const env: WebEnv = parse(
  browserSchema,
  (import.meta.env as Record<string, unknown> | undefined) ?? {},
  'web',
);

/** The dev and preview server's variables (vite.config.ts passes process.env). */
export function loadServerEnv(source: Record<string, string | undefined>): WebServerEnv {
  return parse(serverSchema, source, 'web server');
}
