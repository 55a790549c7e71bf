// Configuration parts the API and the gateway read the same way. Each app's src/env.ts reads
// `process.env` and passes the values in; nothing here reads it.
import { z } from 'zod';

/** `true`, `false`, `1` or `0` (or a boolean, as tests pass it). */
export const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
]);

export const logLevel = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');
/** json in production; pretty for `npm start`, one readable line a request. */
export const logFormat = z.enum(['json', 'pretty']).default('json');

export interface TracingConfig {
  enabled: boolean;
  serviceName: string;
}

const tracingSchema = (serviceName: string) =>
  z.object({
    OTEL_SDK_DISABLED: flag.default(false),
    OTEL_TRACES_EXPORTER: z.string().optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
    OTEL_SERVICE_NAME: z.string().min(1).default(serviceName),
  });

/**
 * Tracing: on when an OTLP endpoint or a traces exporter is named by the standard OTEL_* variables,
 * which the OpenTelemetry SDK itself reads; off (nothing loaded) otherwise. An empty variable counts
 * as unset. Throws listing every malformed variable.
 */
export function parseTracing(
  environment: Record<string, unknown>,
  defaultServiceName: string,
): TracingConfig {
  const set = Object.entries(environment).filter(
    ([, value]) => value !== undefined && value !== '',
  );
  const result = tracingSchema(defaultServiceName).safeParse(Object.fromEntries(set));
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
