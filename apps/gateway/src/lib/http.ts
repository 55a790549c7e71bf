// Plumbing shared by every route, on node's request and response so that GraphQL's own route
// (graphql-route.ts) and express use the same: request ids and logs, JSON answers for refused requests.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { httpErrorBody } from './errors.js';
import type { CallerSignal } from './rest-client.js';

// A caller's id is kept only when it is short and plain, so it cannot forge log lines.
const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** A handler in express's and connect's form, on node's own request and response. */
export type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

const LOG = Symbol('request log');
type LoggedRequest = IncomingMessage & { [LOG]?: Logger };

// A GraphQL name (the spec's Name), so a client cannot write anything else into a log line.
const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;

/** The GraphQL operation a request names in its body, for its log line. */
function operationName(req: IncomingMessage): string | undefined {
  const body = (req as IncomingMessage & { body?: unknown }).body;
  if (typeof body !== 'object' || body === null || !('operationName' in body)) return undefined;
  const name = body.operationName;
  return typeof name === 'string' && GRAPHQL_NAME.test(name) ? name : undefined;
}

/** Whether a request's completion is logged: not the probes and scrapes, which come every few seconds. */
const logsCompletion = (req: IncomingMessage): boolean =>
  req.url !== '/healthz' && req.url !== '/readyz' && req.url !== '/metrics';

/**
 * pino-http's request logging with a request id (the caller's `x-request-id` or a new one), echoed in
 * the answer. The log lines are pino-http's, with its serializers: each line of `req.log` carries
 * the request (`req`: id, method, url), and the completion line adds `res` (status),
 * `responseTime` and the GraphQL `operation` the body names. pino-http builds the request's child
 * logger, and so serializes the request, when the request starts, whether anything is logged or
 * not; here that happens on the first line logged, so a request that logs nothing (the completion
 * line is `info`) costs no serializing. The request serializes the same then (method and url do
 * not change).
 */
export function requestLogging(logger: Logger): NodeHandler {
  // pino-http's logger: its serializers (req, res, err); its middleware is unused.
  const base = pinoHttp({
    logger,
    // What a request line needs; the headers (a kilobyte a request, tokens among them) are left out.
    serializers: {
      req: (req: { id: unknown; method: unknown; url: unknown }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: unknown }) => ({ statusCode: res.statusCode }),
    },
  }).logger;
  // The request's logger, made on its first line. One getter and setter for every request, its
  // logger kept on the request: a new pair per request made V8 turn each request and response into
  // a slow dictionary object, dearer to allocate and to read for everything after.
  const requestLog = {
    configurable: true,
    enumerable: true,
    get(this: LoggedRequest): Logger {
      return (this[LOG] ??= base.child({ req: this }));
    },
    set(this: LoggedRequest, value: Logger) {
      this[LOG] = value;
    },
  };
  const responseLog = {
    configurable: true,
    enumerable: true,
    get(this: ServerResponse): Logger {
      return this.req.log;
    },
    set(this: ServerResponse, value: Logger) {
      this.req.log = value;
    },
  };
  return (req, res, next) => {
    // A request that GraphQL's own route hands on to express is logged already.
    if (req.id !== undefined) return next();
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('x-request-id', id);
    req.id = id;
    // The peer as the request arrived: once the socket is closed, it can no longer be asked.
    void req.socket.remoteAddress;
    Object.defineProperty(req, 'log', requestLog);
    Object.defineProperty(res, 'log', responseLog);
    if (logsCompletion(req)) {
      const start = Date.now();
      const complete = (err?: Error) => {
        res.off('close', complete);
        res.off('finish', complete);
        res.off('error', complete);
        if (!base.isLevelEnabled('info')) return;
        const responseTime = Date.now() - start;
        if (err || res.err || res.statusCode >= 500) {
          const error = err ?? res.err ?? new Error(`failed with status code ${res.statusCode}`);
          const line = { res, err: error, responseTime, operation: operationName(req) };
          res.log.info(line, 'request errored');
        } else {
          const ended = !req.readableAborted && res.writableEnded;
          const line = { res, responseTime, operation: operationName(req) };
          res.log.info(line, ended ? 'request completed' : 'request aborted');
        }
      };
      res.on('close', complete);
      res.on('finish', complete);
      res.on('error', complete);
    }
    next();
  };
}

/**
 * Aborts a request's REST calls when its client disconnects before the answer is complete. A set
 * of listeners rather than an AbortController: an EventTarget per request, and one listener on it
 * per REST call, cost CPU on every read (docs/report-performance.md, "Gateway CPU per request").
 */
class ClientGone implements CallerSignal {
  aborted = false;
  reason: unknown = undefined;
  #listeners?: Set<() => void>;

  constructor(res: ServerResponse) {
    res.once('close', () => {
      if (!res.writableFinished) this.#abort();
    });
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    if (this.aborted) return;
    (this.#listeners ??= new Set()).add(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    this.#listeners?.delete(listener);
  }

  #abort(): void {
    this.aborted = true;
    this.reason = new DOMException('This operation was aborted', 'AbortError');
    const listeners = this.#listeners;
    this.#listeners = undefined;
    for (const listener of listeners ?? []) listener();
  }
}

/** Tells the REST calls made for a request that its client went away (`RestCall.signal`). */
export function clientGone(res: ServerResponse): CallerSignal {
  return new ClientGone(res);
}

/** A JSON answer, written as express's `res.status(status).json(body)` writes it. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'not found' });
};

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Malformed or oversized bodies answer in GraphQL's error shape; anything else is masked and logged. */
export function answerError(error: unknown, req: IncomingMessage, res: ServerResponse): void {
  const { type, status } = (
    typeof error === 'object' && error !== null ? error : {}
  ) as BodyParserError;
  if (type === 'entity.too.large') {
    sendJson(res, 413, httpErrorBody('BAD_REQUEST', 'The request body is too large.'));
  } else if (type === 'entity.parse.failed' || status === 400) {
    sendJson(res, 400, httpErrorBody('BAD_REQUEST', 'The request body is not valid JSON.'));
  } else {
    req.log.error({ err: error }, 'unhandled error');
    sendJson(res, 500, httpErrorBody('INTERNAL_SERVER_ERROR'));
  }
}

export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  answerError(error, req, res);
};
