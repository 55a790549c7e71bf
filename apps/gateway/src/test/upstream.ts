// Real HTTP and TCP peers on loopback for the REST client's failure cases: slow, silent, closed, flaky.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Hit {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (hit: Hit, res: ServerResponse, req: IncomingMessage) => void;

export interface Upstream {
  url: string;
  port: number;
  hits: Hit[];
  /** Requests whose connection closed before the handler answered (the gateway cancelled them). */
  cancelled: Hit[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

function portOf(server: Server | TcpServer): number {
  return (server.address() as AddressInfo).port;
}

function listen(server: Server | TcpServer, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  type = 'application/json',
): void {
  res.writeHead(status, { 'content-type': type }).end(JSON.stringify(body));
}

export function problem(
  res: ServerResponse,
  status: number,
  detail: string,
  errors?: unknown[],
): void {
  json(
    res,
    status,
    {
      type: `https://survey-console.dev/problems/${detail}`,
      title: detail,
      status,
      detail,
      errors,
    },
    'application/problem+json',
  );
}

/** An HTTP server whose answers each test decides; every request is recorded. */
export async function startUpstream(port = 0): Promise<Upstream> {
  let handler: Handler = (_hit, res) => problem(res, 404, 'not-found');
  const hits: Hit[] = [];
  const cancelled: Hit[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hit = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      hits.push(hit);
      res.on('close', () => {
        if (!res.writableFinished) cancelled.push(hit);
      });
      handler(hit, res, req);
    });
  });
  await listen(server, port);
  const actual = portOf(server);
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    hits,
    cancelled,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Accepts connections and never answers: the "request was made, no response" case. */
export async function startBlackHole(
  port = 0,
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await listen(server, port);
  const actual = portOf(server);
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on: connections are refused. */
export async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await listen(server, 0);
  const port = portOf(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RecordingProxy extends Upstream {
  /** The most requests that were waiting for an answer at the same time. */
  maxInFlight(): number;
}

/**
 * A proxy in front of a real API (e.g. the test's apps/api) that records every request. With `gather`
 * it holds every answer back until that many requests have arrived (or `gatherTimeoutMs` passed), so
 * `maxInFlight()` shows whether a client sent them all at once or one after another.
 */
export async function startRecordingProxy(
  target: string,
  { gather = 0, gatherTimeoutMs = 3000 }: { gather?: number; gatherTimeoutMs?: number } = {},
): Promise<RecordingProxy> {
  const upstream = await startUpstream();
  let inFlight = 0;
  let most = 0;
  let release: () => void = () => undefined;
  const gathered = new Promise<void>((resolve) => {
    release = resolve;
    if (gather > 0) setTimeout(resolve, gatherTimeoutMs).unref();
    else resolve();
  });
  upstream.handle((hit, res) => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    if (upstream.hits.length >= gather) release();
    void (async () => {
      try {
        const answer = await fetch(`${target}${hit.url}`, {
          method: hit.method,
          headers: {
            'content-type': 'application/json',
            ...(hit.headers.authorization ? { authorization: hit.headers.authorization } : {}),
          },
          body: hit.method === 'GET' || hit.method === 'HEAD' ? undefined : hit.body,
        });
        const body = Buffer.from(await answer.arrayBuffer());
        await gathered;
        res.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
        });
        res.end(body);
      } finally {
        inFlight -= 1;
      }
    })();
  });
  return { ...upstream, maxInFlight: () => most };
}
