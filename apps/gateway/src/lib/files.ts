// File routes next to /graphql (GraphQL carries no files): uploads stream to the REST import calls,
// downloads stream the REST exports back. Same session as GraphQL (cookie or bearer), the one REST
// client, and failures mapped by the one error mapping to `{ code, message }` JSON.
import { Transform, type TransformCallback } from 'node:stream';
import { Router, type Request, type Response } from 'express';
import { toGraphQLError, UpstreamError, type ErrorCode, type Problem } from './errors.js';
import { clientGone } from './http.js';
import type { RestClient, StreamResponse } from './rest-client.js';
import { requestSession, SessionCookies, type SessionCookieOptions } from './session.js';

/** Uploads over this size are refused before (Content-Length) or while (counted) they are read. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The header a cross-site form cannot send: uploads without it are refused (CSRF). */
export const CSRF_HEADER = 'x-survey-csrf';

export interface FileRoutesDeps {
  rest: RestClient;
  cookieOptions: SessionCookieOptions;
  maxUploadBytes?: number;
}

/** HTTP status of a GraphQL error code on a file route. */
export const statusOf: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  RESULTS_PREPARING: 503,
  UPSTREAM_UNREACHABLE: 502,
  UPSTREAM_NO_RESPONSE: 504,
};

export interface FileError {
  code: ErrorCode | 'PAYLOAD_TOO_LARGE';
  message: string;
  reason?: string;
  /** The REST problem's stable code (e.g. `too_few_responses`) of a refusal the user can act on. */
  detail?: string;
  fieldErrors?: unknown;
}

function send(res: Response, status: number, body: FileError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).set('Cache-Control', 'no-store').json(body);
}

/** Any REST failure as the GraphQL clients see it (same code, message, reason, field errors). */
function fail(req: Request, res: Response, error: unknown): void {
  const mapped = toGraphQLError(error);
  const code = mapped.extensions.code as ErrorCode;
  const upstream = error instanceof UpstreamError ? error : undefined;
  const clientError = upstream?.status !== undefined && upstream.status < 500;
  const status = statusOf[code] ?? (clientError ? (upstream.status ?? 400) : 500);
  if (status >= 500) req.log.error({ err: error }, 'file route failed');
  const { reason, fieldErrors } = mapped.extensions;
  send(res, status, {
    code,
    message: mapped.message,
    ...(typeof reason === 'string' ? { reason } : {}),
    ...(clientError && upstream.problem?.detail ? { detail: upstream.problem.detail } : {}),
    ...(fieldErrors !== undefined ? { fieldErrors } : {}),
  });
}

/** The REST error answer of a streamed call as the UpstreamError `call` would have thrown. */
async function statusError(response: StreamResponse): Promise<UpstreamError> {
  const type = String(response.headers['content-type'] ?? '');
  const body = /json/i.test(type) ? await response.body.json().catch(() => undefined) : undefined;
  if (body === undefined) await response.body.dump().catch(() => undefined);
  const problem = typeof body === 'object' && body !== null ? (body as Problem) : undefined;
  return new UpstreamError(
    'status',
    `upstream answered ${response.status}`,
    response.status,
    problem,
  );
}

/** Counts bytes as they pass and fails the stream once there are more than `limit`. */
class ByteLimit extends Transform {
  bytes = 0;
  exceeded = false;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      this.exceeded = true;
      done(new Error('upload over the size limit'));
      return;
    }
    done(null, chunk);
  }
}

// Refusals made here, put through the same mapping as the API's for the same code and message.
const unauthenticated = new UpstreamError('status', 'no session', 401);
const notFound = new UpstreamError('status', 'no such file route', 404);

const tooLarge = (limit: number): FileError => ({
  code: 'PAYLOAD_TOO_LARGE',
  message: `The file is larger than ${Math.round(limit / 1024 / 1024)} MB.`,
});

export function fileRoutes({
  rest,
  cookieOptions,
  maxUploadBytes = MAX_UPLOAD_BYTES,
}: FileRoutesDeps): Router {
  const router = Router();

  /** The session token, or an answered 401. */
  function tokenOf(req: Request, res: Response): string | undefined {
    const { session } = requestSession(req, new SessionCookies(cookieOptions, req, res));
    if (session.token) return session.token;
    fail(req, res, unauthenticated);
    return undefined;
  }

  function upload(restPath: string) {
    return async (req: Request, res: Response) => {
      if (req.get(CSRF_HEADER) !== '1') {
        send(res, 403, {
          code: 'FORBIDDEN',
          message: `Uploads need the ${CSRF_HEADER}: 1 header.`,
        });
        return;
      }
      const type = req.get('content-type') ?? '';
      if (!/^multipart\/form-data;\s*boundary=/i.test(type)) {
        send(res, 400, { code: 'BAD_REQUEST', message: 'Send the file as multipart/form-data.' });
        return;
      }
      const declared = req.get('content-length');
      const length = declared === undefined ? undefined : Number(declared);
      if (length !== undefined && length > maxUploadBytes) {
        // Answered without reading the body; the connection closes so the rest is not waited for.
        res.set('Connection', 'close');
        send(res, 413, tooLarge(maxUploadBytes));
        return;
      }
      const token = tokenOf(req, res);
      if (!token) return;
      const counted = new ByteLimit(maxUploadBytes);
      req.pipe(counted);
      req.on('error', (error) => counted.destroy(error));
      try {
        const response = await rest.stream({
          method: 'POST',
          path: restPath,
          token,
          requestId: String(req.id),
          signal: clientGone(res),
          body: {
            stream: counted,
            contentType: type,
            ...(length !== undefined && Number.isInteger(length) ? { contentLength: length } : {}),
          },
        });
        if (response.status < 200 || response.status >= 300) throw await statusError(response);
        res.status(response.status).set('Cache-Control', 'no-store');
        res.json(await response.body.json());
      } catch (error) {
        if (counted.exceeded) {
          res.set('Connection', 'close');
          send(res, 413, tooLarge(maxUploadBytes));
        } else {
          fail(req, res, error);
        }
      }
    };
  }

  router.post('/import/participants', upload('/import/participants/'));
  router.post('/import/users', upload('/import/users'));

  router.get('/export/:kind/:surveyId/:languageCode', async (req, res) => {
    const { kind, surveyId, languageCode } = req.params;
    if (kind !== 'participants' && kind !== 'responses') {
      fail(req, res, notFound);
      return;
    }
    const token = tokenOf(req, res);
    if (!token) return;
    const path = `/export/${kind}/${encodeURIComponent(surveyId)}/${encodeURIComponent(languageCode)}`;
    try {
      const response = await rest.stream({
        method: 'GET',
        path,
        token,
        requestId: String(req.id),
        signal: clientGone(res),
      });
      if (response.status < 200 || response.status >= 300) throw await statusError(response);
      res.status(response.status).set('Cache-Control', 'no-store');
      for (const name of ['content-type', 'content-disposition', 'content-length']) {
        const value = response.headers[name];
        if (typeof value === 'string') res.set(name, value);
      }
      response.body.on('error', (error) => {
        req.log.warn({ err: error }, 'export stream broke off');
        res.destroy(error);
      });
      response.body.pipe(res);
    } catch (error) {
      fail(req, res, error);
    }
  });

  return router;
}
