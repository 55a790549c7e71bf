// A loopback OTLP/HTTP receiver for the tracing test: it takes what the apps' OpenTelemetry SDK
// exports (POST /v1/traces, OTLP's JSON encoding) and keeps every span.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  service: string;
  scope: string;
  name: string;
  /** OTLP's SpanKind: 2 server, 3 client. */
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
}

interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: Omit<ReceivedSpan, 'service' | 'scope'>[];
    }[];
  }[];
}

export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      // Metrics and logs, which the SDK exports too unless told not to, are not looked at.
      if (req.url !== '/v1/traces') return void res.writeHead(200).end('{}');
      if (!req.headers['content-type']?.includes('json')) return void res.writeHead(415).end();
      for (const resource of (JSON.parse(body) as ExportRequest).resourceSpans ?? []) {
        const attributes = resource.resource?.attributes ?? [];
        const service = attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const scoped of resource.scopeSpans ?? [])
          for (const span of scoped.spans ?? [])
            spans.push({ ...span, service, scope: scoped.scope?.name ?? '' });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
