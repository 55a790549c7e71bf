// Express plumbing shared by every route: request ids and logs, and JSON answers for refused requests.
import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { httpErrorBody } from './errors.js';

// A caller's id is kept only when it is short and plain, so it cannot forge log lines.
const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** pino-http with a request id (the caller's `x-request-id` or a new one), echoed in the answer. */
export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    // Tokens travel in these headers; they never reach a log.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  });
}

/** Aborts when the client disconnects before the answer is complete, cancelling its REST calls. */
export function clientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'not found' });
};

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Malformed or oversized bodies answer in GraphQL's error shape; anything else is masked and logged. */
export const errorHandler: ErrorRequestHandler = (
  error: BodyParserError & Error,
  req,
  res,
  next,
) => {
  if (res.headersSent) return next(error);
  if (error.type === 'entity.too.large') {
    res.status(413).json(httpErrorBody('BAD_REQUEST', 'The request body is too large.'));
  } else if (error.type === 'entity.parse.failed' || error.status === 400) {
    res.status(400).json(httpErrorBody('BAD_REQUEST', 'The request body is not valid JSON.'));
  } else {
    req.log.error({ err: error }, 'unhandled error');
    res.status(500).json(httpErrorBody('INTERNAL_SERVER_ERROR'));
  }
};
