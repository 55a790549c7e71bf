// The one REST client: an undici pool per upstream (keep-alive, capped connections, timeouts), retries
// for idempotent reads only, cancellation when the GraphQL client goes away, the bearer token forwarded.
import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Pool, type Dispatcher } from 'undici';
import { toGraphQLError, UpstreamError, type Problem } from './errors.js';

export interface RestClientOptions {
  baseUrl: string;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  /** The headers timeout of a call marked slow (AI calls wait on a language model); default the same. */
  slowHeadersTimeoutMs?: number;
  bodyTimeoutMs: number;
  maxConnections: number;
  /** Extra attempts for idempotent reads after a connection error or a 502/503/504. */
  retries: number;
  /** First backoff delay; doubles per attempt, with jitter. */
  retryDelayMs?: number;
  /**
   * Told each attempt's outcome (the HTTP status, or the failure's kind or `timeout`) and its
   * start (`process.hrtime.bigint()`), once its answer is read or it failed: the metrics.
   */
  observe?: (method: HttpMethod, outcome: number | string, start: bigint) => void;
}

/**
 * What tells a call that its caller went away: an AbortSignal, or a GraphQL request's own
 * (`clientGone` in lib/http.ts), which spares each request an AbortController.
 */
export interface CallerSignal {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestCall {
  method: HttpMethod;
  path: string;
  body?: unknown;
  token?: string;
  signal?: CallerSignal;
  requestId?: string;
  /**
   * The client's address as the gateway's `trust proxy` determined it, sent as X-Forwarded-For:
   * the API's sign-in limits key on it (it believes the header from its TRUST_PROXY hops).
   */
  clientAddress?: string | undefined;
  /** Lets a read carried by POST (token validation) retry like a GET. */
  idempotent?: boolean;
  /** Waits `slowHeadersTimeoutMs` for the answer (AI calls), not the usual headers timeout. */
  slow?: boolean;
}

export interface RestResponse {
  status: number;
  body: unknown;
}

/** A call whose request body and answer are streams (file uploads and downloads). */
export interface StreamCall extends Omit<RestCall, 'body'> {
  /** Sent as it arrives; a call with a body is never retried (the stream cannot be replayed). */
  body?: { stream: Readable; contentType: string; contentLength?: number };
}

export interface StreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The unread answer: pipe it on, or `json()` it for an error. */
  body: Readable & { json(): Promise<unknown>; dump(): Promise<void> };
}

// Connection failures before the request reached the API: any call may be repeated safely.
const notSent = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);
// The request never left the gateway.
const requestNotMade = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_DESTROYED', 'ERR_INVALID_URL']);
// Connection failures after sending; a read may be retried, a write may not.
const connectionLost = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const retryStatuses = new Set([502, 503, 504]);

/**
 * A 503 with Retry-After (a survey's results being prepared) says when to come back: trying again
 * at once would only wait out the API's wait again, three times over, before the reader is told.
 */
const saysWhen = (response: Dispatcher.ResponseData) =>
  response.statusCode === 503 && response.headers['retry-after'] !== undefined;

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  // Happy-eyeballs connects fail with an AggregateError of the per-address errors.
  if (error instanceof AggregateError) return codeOf(error.errors[0]);
  return 'cause' in error ? codeOf(error.cause) : undefined;
}

function classify(error: unknown, code: string, signal?: CallerSignal): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (signal?.aborted)
    return new UpstreamError('aborted', 'the client went away', undefined, undefined, {
      cause: error,
    });
  // The spec's two cases, as a browser client sees them: once a request is dispatched, any failure
  // (refused, reset, timed out) is "request was made, no response"; "unable to make request" is
  // left for a request that could not be built or dispatched at all (bad arguments, closed client).
  const kind = requestNotMade.has(code) || !code ? 'unreachable' : 'no_response';
  return new UpstreamError(kind, `upstream ${kind}: ${code}`, undefined, undefined, {
    cause: error,
  });
}

const abortError = () => new DOMException('This operation was aborted', 'AbortError');

/**
 * One attempt's cancellation, undici's signal for it (an EventEmitter with `aborted`, `reason` and
 * AbortSignal's two listener methods): aborted by the attempt's deadline or by its caller going
 * away. undici's own timers are coarse (up to a second late), so the deadline keeps the headers
 * timeout exact. An AbortController per attempt, linked to one per request, cost about as much CPU
 * as the rest of a call's plumbing (docs/report-performance.md, "Gateway CPU per request").
 */
class Attempt extends EventEmitter {
  aborted = false;
  reason: unknown = undefined;
  timedOut = false;
  #timer?: NodeJS.Timeout;
  readonly #caller: CallerSignal | undefined;
  readonly #callerGone = (): void => this.abort(this.#caller?.reason);

  constructor(caller: CallerSignal | undefined) {
    super();
    this.#caller = caller;
    if (caller?.aborted) this.abort(caller.reason);
    else caller?.addEventListener('abort', this.#callerGone, { once: true });
  }

  // undici (since 8.4) takes any signal with `aborted` for an AbortSignal and listens through these.
  addEventListener(type: 'abort', listener: () => void): void {
    this.once(type, listener);
  }

  removeEventListener(type: 'abort', listener: () => void): void {
    this.off(type, listener);
  }

  abort(reason: unknown = abortError()): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }

  startDeadline(ms: number): void {
    this.#timer = setTimeout(expire, ms, this);
  }

  stopDeadline(): void {
    clearTimeout(this.#timer);
  }

  /** Stops listening to the caller (for a streamed answer: once its body has closed). */
  readonly release = (): void => this.#caller?.removeEventListener('abort', this.#callerGone);
}

function expire(attempt: Attempt): void {
  attempt.timedOut = true;
  attempt.abort();
}

async function readBody(response: Dispatcher.ResponseData): Promise<unknown> {
  const type = String(response.headers['content-type'] ?? '');
  if (response.statusCode === 204 || !/json/i.test(type)) {
    await response.body.dump();
    return undefined;
  }
  const text = await response.body.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export class RestClient {
  readonly #pool: Pool;
  readonly #basePath: string;
  readonly #options: RestClientOptions;

  constructor(options: RestClientOptions) {
    const url = new URL(options.baseUrl);
    this.#options = options;
    this.#basePath = url.pathname.replace(/\/$/, '');
    this.#pool = new Pool(url.origin, {
      connections: options.maxConnections,
      connect: { timeout: options.connectTimeoutMs },
      headersTimeout: options.headersTimeoutMs,
      bodyTimeout: options.bodyTimeoutMs,
      // undici 8 negotiates HTTP/2 over TLS by default; UPSTREAM_MAX_CONNECTIONS caps concurrent
      // calls only over HTTP/1.1, where each connection carries one call at a time.
      allowH2: false,
    });
  }

  /** Sends one call; answers any HTTP status, throws UpstreamError when no usable answer came. */
  send(call: RestCall): Promise<RestResponse> {
    const options = (signal: Attempt) => this.#requestOptions(call, signal);
    return this.#dispatch(call, options, async (response) => ({
      status: response.statusCode,
      body: await readBody(response),
    }));
  }

  /**
   * Sends one call with a streamed body (if any) and answers once the headers are in, leaving the
   * body unread; same timeouts, cancellation and error kinds as `send`. The headers timeout starts
   * when the request body has been sent, so a slow upload is not cut off by it.
   */
  stream(call: StreamCall): Promise<StreamResponse> {
    const { body, ...rest } = call;
    const options = (signal: Attempt): Dispatcher.RequestOptions => {
      const base = this.#requestOptions(rest, signal);
      if (!body) return { ...base, headers: { ...base.headers, accept: '*/*' } };
      const headers: Record<string, string> = {
        ...(base.headers as Record<string, string>),
        accept: 'application/json',
        'content-type': body.contentType,
      };
      if (body.contentLength !== undefined) headers['content-length'] = String(body.contentLength);
      return { ...base, headers, body: body.stream };
    };
    return this.#dispatch(
      { ...rest, idempotent: body ? false : call.idempotent },
      options,
      (r) => Promise.resolve({ status: r.statusCode, headers: r.headers, body: r.body }),
      body?.stream,
    );
  }

  async #dispatch<T>(
    call: Omit<RestCall, 'body'>,
    requestOptions: (signal: Attempt) => Dispatcher.RequestOptions,
    consume: (response: Dispatcher.ResponseData) => Promise<T>,
    upload?: Readable,
  ): Promise<T> {
    const idempotent = call.idempotent ?? (call.method === 'GET' || call.method === 'HEAD');
    const attempts = idempotent ? this.#options.retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      const cancel = new Attempt(call.signal);
      const headersTimeout = this.#headersTimeout(call);
      // The headers timeout of an upload starts once its body has been sent.
      const startDeadline = () => cancel.startDeadline(headersTimeout);
      if (upload && !upload.readableEnded) upload.once('end', startDeadline);
      else cancel.startDeadline(headersTimeout);
      const start = process.hrtime.bigint();
      try {
        const response = await this.#pool.request(requestOptions(cancel));
        cancel.stopDeadline();
        upload?.off('end', startDeadline);
        if (!last && retryStatuses.has(response.statusCode) && !saysWhen(response)) {
          await response.body.dump();
          cancel.release();
          this.#options.observe?.(call.method, response.statusCode, start);
        } else {
          const result = await consume(response);
          this.#options.observe?.(call.method, response.statusCode, start);
          // A streamed answer is read after this returns: the client going away still cancels it.
          const { body } = response;
          if (body.readableEnded || body.destroyed) cancel.release();
          else body.once('close', cancel.release);
          return result;
        }
      } catch (error) {
        cancel.stopDeadline();
        upload?.off('end', startDeadline);
        cancel.release();
        const code = cancel.timedOut ? 'UND_ERR_HEADERS_TIMEOUT' : (codeOf(error) ?? '');
        const failure = classify(error, code, call.signal);
        const timedOut = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
        this.#options.observe?.(call.method, timedOut ? 'timeout' : failure.kind, start);
        if (last || failure.kind === 'aborted' || !(notSent.has(code) || connectionLost.has(code)))
          throw failure;
      }
      await this.#backoff(attempt, call.signal);
    }
  }

  /** Sends one call and returns the parsed body of a 2xx; throws UpstreamError otherwise. */
  async call<T>(call: RestCall): Promise<T> {
    const response = await this.send(call);
    if (response.status >= 200 && response.status < 300) return response.body as T;
    const problem =
      typeof response.body === 'object' && response.body !== null
        ? (response.body as Problem)
        : undefined;
    throw new UpstreamError(
      'status',
      `upstream answered ${response.status}`,
      response.status,
      problem,
    );
  }

  /** A client for one GraphQL request: its token, its cancellation and its request id go on every call. */
  bind(scope: BoundScope): BoundRestClient {
    return new BoundRestClient(this, scope);
  }

  close(): Promise<void> {
    return this.#pool.close();
  }

  #headersTimeout(call: Pick<RestCall, 'slow'>): number {
    return call.slow
      ? (this.#options.slowHeadersTimeoutMs ?? this.#options.headersTimeoutMs)
      : this.#options.headersTimeoutMs;
  }

  #requestOptions(call: RestCall, signal: Attempt): Dispatcher.RequestOptions {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (call.requestId) headers['x-request-id'] = call.requestId;
    if (call.clientAddress) headers['x-forwarded-for'] = call.clientAddress;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    return {
      method: call.method,
      path: `${this.#basePath}${call.path}`,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal,
      // The pool's own headers timer would cut a slow call at the usual timeout.
      ...(call.slow ? { headersTimeout: this.#headersTimeout(call) } : {}),
    };
  }

  /** Waits before the next attempt; rejects as `aborted` when the caller goes away meanwhile. */
  #backoff(attempt: number, signal?: CallerSignal): Promise<void> {
    const base = (this.#options.retryDelayMs ?? 100) * 2 ** (attempt - 1);
    return new Promise((resolve, reject) => {
      const gone = () => {
        clearTimeout(timer);
        reject(classify(signal?.reason, 'aborted', signal));
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', gone);
          resolve();
        },
        base / 2 + Math.random() * base,
      );
      if (signal?.aborted) gone();
      else signal?.addEventListener('abort', gone, { once: true });
    });
  }
}

interface CallOptions {
  /** Another token than the session's (a two-factor session); null sends none (public routes). */
  token?: string | null;
  idempotent?: boolean;
  /** An AI call: waits the slow headers timeout (RestCall.slow). */
  slow?: boolean;
}

/** What resolvers use: failures arrive already mapped to the client-facing GraphQLError. */
type BoundScope = Pick<RestCall, 'token' | 'signal' | 'requestId' | 'clientAddress'>;

export class BoundRestClient {
  constructor(
    private readonly client: RestClient,
    private readonly scope: BoundScope,
  ) {}

  get token(): string | undefined {
    return this.scope.token;
  }

  get<T>(path: string, options: CallOptions = {}): Promise<T> {
    return this.#call<T>({ method: 'GET', path }, options);
  }

  post<T>(path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
    return this.#call<T>({ method: 'POST', path, body }, options);
  }

  put<T>(path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
    return this.#call<T>({ method: 'PUT', path, body }, options);
  }

  patch<T>(path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
    return this.#call<T>({ method: 'PATCH', path, body }, options);
  }

  delete<T>(path: string, options: CallOptions = {}): Promise<T> {
    return this.#call<T>({ method: 'DELETE', path }, options);
  }

  async #call<T>(call: RestCall, { token, idempotent, slow }: CallOptions): Promise<T> {
    try {
      const chosen = token === null ? undefined : (token ?? this.scope.token);
      return await this.client.call<T>({ ...this.scope, ...call, token: chosen, idempotent, slow });
    } catch (error) {
      throw toGraphQLError(error);
    }
  }
}
