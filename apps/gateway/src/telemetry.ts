// OpenTelemetry tracing, loaded before the gateway itself: `node --import ./dist/telemetry.js
// dist/server.js` (package.json's start, the Dockerfile). The traced packages (express, graphql) are
// patched through import-in-the-middle's loader hook, which @survey/runtime/telemetry puts in place
// before the instrumentations below are loaded. The REST calls (undici) carry the W3C `traceparent`
// to the API. Off without an exporter in the OTEL_* variables (env.ts): then nothing is loaded and
// nothing is patched.
import { isProbe, startTelemetry } from '@survey/runtime/telemetry';
import { tracingConfig } from './env.js';

await startTelemetry(tracingConfig(), async () => {
  const [http, express, graphql, undici] = await Promise.all([
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-graphql'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  return [
    new http.HttpInstrumentation({
      ignoreIncomingRequestHook: isProbe,
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
  ];
});
