// OpenTelemetry tracing, loaded before the API itself: `node --import ./dist/telemetry.js
// dist/server.js` (package.json's start, the Dockerfile). The traced packages (express, pg) are
// patched through import-in-the-middle's loader hook, which @survey/runtime/telemetry puts in place
// before the instrumentations below are loaded. Off without an exporter in the OTEL_* variables
// (env.ts): then nothing is loaded and nothing is patched.
import { isProbe, startTelemetry } from '@survey/runtime/telemetry';
import { tracingConfig } from './env.js';

await startTelemetry(tracingConfig(), async () => {
  const [http, express, pg, undici] = await Promise.all([
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  return [
    new http.HttpInstrumentation({ ignoreIncomingRequestHook: isProbe }),
    // Routers and handlers; a span for every middleware (body parser, logger) says little.
    new express.ExpressInstrumentation({
      ignoreLayersType: [express.ExpressLayerType.MIDDLEWARE],
    }),
    // Only SQL that a traced request runs: the job queue polls the database every few seconds.
    new pg.PgInstrumentation({ requireParentSpan: true }),
    // The AI provider's calls (fetch).
    new undici.UndiciInstrumentation(),
  ];
});
