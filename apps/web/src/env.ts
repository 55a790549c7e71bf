// The web app's configuration, validated once and read nowhere else: the build-time variables the
// browser bundle sees (import.meta.env) and the dev and preview server's (process.env, through
// vite.config.ts). A bad value fails at start, listing every bad variable. The browser's variables
// are validated by vite.config.ts before the dev server or a build starts (Vite inlines them), so
// the bundle reads them plainly and carries no validator: zod in the sign-in page's bundle put it
// over its 200 KB budget. The schemas are built in functions so the bundle can leave zod out.
import { z } from 'zod/mini';

const browserSchema = () =>
  z.object({
    /** True in the dev server: errors show their message. */
    DEV: z._default(z.boolean(), false),
    /** Email domains offered the bulk user import (comma-separated); the provider's own by default. */
    VITE_USER_IMPORT_DOMAINS: z.optional(z.string()),
  });

const serverSchema = () =>
  z.object({
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

export type WebEnv = z.output<ReturnType<typeof browserSchema>>;
export type WebServerEnv = z.output<ReturnType<typeof serverSchema>>;

/** The browser's variables as Vite inlined them (checked by loadBrowserEnv before the build). */
const inlined = (import.meta.env as Record<string, unknown> | undefined) ?? {};
export const env: WebEnv = {
  DEV: inlined.DEV === true,
  VITE_USER_IMPORT_DOMAINS:
    typeof inlined.VITE_USER_IMPORT_DOMAINS === 'string'
      ? inlined.VITE_USER_IMPORT_DOMAINS
      : undefined,
};

/** Checks the browser's variables as the build will inline them (vite.config.ts). */
export function loadBrowserEnv(source: Record<string, string | undefined>): WebEnv {
  return parse(browserSchema(), source, 'web');
}

/** The dev and preview server's variables (vite.config.ts passes process.env). */
export function loadServerEnv(source: Record<string, string | undefined>): WebServerEnv {
  return parse(serverSchema(), source, 'web server');
}
