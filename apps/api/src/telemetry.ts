// OpenTelemetry tracing, loaded before the API itself: `node --import ./dist/telemetry.js
// dist/server.js` (package.json's start, the Dockerfile). The API is ES modules, so the traced
// packages (express, pg) are patched through import-in-the-middle's loader hook, which must be in
// place before the first of them is imported; a plain first import in server.ts would come too
// late, as ES modules are all loaded before any runs. Off without an exporter in the OTEL_*
// variables (env.ts): then nothing is loaded and nothing is patched.
import { register } from 'node:module';
import { tracingConfig } from './env.js';

// Probes and scrapes come every few seconds and would bury the traces worth reading.
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

const config = tracingConfig();
if (config.enabled) {
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [{ NodeSDK }, http, express, pg, undici] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    instrumentations: [
      new http.HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.has(req.url ?? ''),
      }),
      // Routers and handlers; a span for every middleware (body parser, logger) says little.
      new express.ExpressInstrumentation({
        ignoreLayersType: [express.ExpressLayerType.MIDDLEWARE],
      }),
      // Only SQL that a traced request runs: the job queue polls the database every few seconds.
      new pg.PgInstrumentation({ requireParentSpan: true }),
      // The AI provider's calls (fetch).
      new undici.UndiciInstrumentation(),
    ],
  });
  sdk.start();
  // Sends the spans still buffered when the API stops.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void sdk.shutdown().catch(() => undefined));
  await waitForAllMessagesAcknowledged();
}
