// OpenTelemetry tracing, loaded before the gateway itself: `node --import ./dist/telemetry.js
// dist/server.js` (package.json's start, the Dockerfile). The gateway is ES modules, so the traced
// packages (express, graphql) are patched through import-in-the-middle's loader hook, which must be
// in place before the first of them is imported; a plain first import in server.ts would come too
// late, as ES modules are all loaded before any runs. The REST calls (undici) carry the W3C
// `traceparent` to the API. Off without an exporter in the OTEL_* variables (env.ts): then nothing
// is loaded and nothing is patched.
import { register } from 'node:module';
import { tracingConfig } from './env.js';

// Probes and scrapes come every few seconds and would bury the traces worth reading.
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

const config = tracingConfig();
if (config.enabled) {
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [{ NodeSDK }, http, express, graphql, undici] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-graphql'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    instrumentations: [
      new http.HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.has(req.url ?? ''),
        // POST /graphql is answered in front of express (graphql-route.ts), which names the
        // other routes' spans; named here, as the operation's own span is its child.
        requestHook: (span, request) => {
          if ('url' in request && request.method === 'POST' && request.url?.startsWith('/graphql'))
            span.updateName('POST /graphql').setAttribute('http.route', '/graphql');
        },
      }),
      new express.ExpressInstrumentation({
        ignoreLayersType: [express.ExpressLayerType.MIDDLEWARE],
      }),
      // Parse, validate and execute with the operation's name; one span per resolver would be
      // hundreds for a report, so resolvers that only read a field are left out.
      new graphql.GraphQLInstrumentation({ mergeItems: true, ignoreTrivialResolveSpans: true }),
      new undici.UndiciInstrumentation(),
    ],
  });
  sdk.start();
  // Sends the spans still buffered when the gateway stops.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void sdk.shutdown().catch(() => undefined));
  await waitForAllMessagesAcknowledged();
}
