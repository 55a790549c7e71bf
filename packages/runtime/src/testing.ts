// Graceful shutdown under a steady load, for each app's own shutdown test: the app on its own server
// with gracefulClose (as its SIGTERM handler runs it), eight clients reading without pause, and one
// slow request whose body is still arriving when the shutdown begins. The app's test asserts what
// its answers must be.
import {
  Agent,
  createServer,
  request,
  type IncomingHttpHeaders,
  type RequestListener,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { gracefulClose, type Lifecycle } from './shutdown.js';

export interface Sent {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request; with `rest`, its body is sent in two halves, the second once `rest` resolves. */
export function send(agent: Agent, port: number, sent: TestRequest, rest?: Promise<unknown>) {
  const { method = sent.body === undefined ? 'GET' : 'POST', path, headers = {}, body = '' } = sent;
  return new Promise<Sent>((resolve, reject) => {
    const req = request({ agent, host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (!rest) return req.end(body);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    void rest.then(() => req.end(body.slice(half)));
  });
}

export interface LoadOptions {
  listener: RequestListener;
  lifecycle: Lifecycle;
  /** The read the clients repeat; `id` is its x-request-id. */
  read: (id: string) => TestRequest;
  /** The slow request (x-request-id `held`). */
  held: TestRequest;
  /** The readiness status, asked once the shutdown has begun. */
  readiness: () => Promise<number>;
}

export interface LoadResult {
  readiness: number;
  /** What the clients got for the reads the server accepted. */
  served: (Sent | { error: string })[];
  /** What they got for the rest: errors only, when the shutdown is right. */
  refused: (Sent | { error: string })[];
  held: Sent;
  listening: boolean;
}

export async function shutdownUnderLoad(options: LoadOptions): Promise<LoadResult> {
  const server = createServer(options.listener);
  const close = gracefulClose(server, options.lifecycle, 20_000);
  const accepted = new Set<string>();
  server.on('request', (req) => accepted.add(String(req.headers['x-request-id'])));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const answers = new Map<string, Sent | { error: string }>();
  let closing = false;
  let closed = false;
  let next = 0;
  // Eight clients, each sending its next read as soon as the last one is answered, until refused.
  const client = async () => {
    while (!closed) {
      const id = `load-${next++}`;
      try {
        answers.set(id, await send(agent, port, options.read(id)));
      } catch (error) {
        answers.set(id, { error: String(error) });
        if (closing) return;
      }
    }
  };
  const clients = Array.from({ length: 8 }, client);
  let shutdownBegun = () => {};
  const rest = new Promise((resolve) => (shutdownBegun = () => resolve(undefined)));
  const heldHeaders = { ...options.held.headers, 'x-request-id': 'held' };
  const held = send(
    new Agent({ keepAlive: true }),
    port,
    { ...options.held, headers: heldHeaders },
    rest,
  );
  // The held request must be accepted (its headers in) before the shutdown: on a loaded machine a
  // fixed pause was sometimes too short, and a connection without a request yet is idle and closed.
  await new Promise((resolve) => setTimeout(resolve, 500));
  while (!accepted.has('held')) await new Promise((resolve) => setTimeout(resolve, 20));

  closing = true;
  const shutdown = close();
  shutdownBegun();
  const readiness = await options.readiness();
  await shutdown;
  closed = true;
  await Promise.all(clients);
  agent.destroy();
  const all = [...answers.entries()];
  return {
    readiness,
    served: all.filter(([id]) => accepted.has(id)).map(([, answer]) => answer),
    refused: all.filter(([id]) => !accepted.has(id)).map(([, answer]) => answer),
    held: await held,
    listening: server.listening,
  };
}

/** The value of a sample in Prometheus's text format (/metrics), by metric name and labels. */
export function sample(
  text: string,
  name: string,
  labels: Record<string, string>,
): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^(\w+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value))
      return Number(match[3]);
  }
  return undefined;
}
