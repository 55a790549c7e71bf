// The one error mapping: every upstream failure becomes a GraphQLError with an `ErrorCode` here, and
// formatError masks everything else. Clients never see upstream URLs, 5xx bodies or stack traces.
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { FieldError } from '../__generated__/resolvers.js';

/** `extensions.code` of every error a client sees (docs/graphql-errors.md). */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'UPSTREAM_NO_RESPONSE'
  | 'UPSTREAM_UNREACHABLE'
  | 'INTERNAL_SERVER_ERROR'
  | 'RATE_LIMITED'
  | 'RESULTS_PREPARING'
  | 'BAD_REQUEST'
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED';

/** `extensions.reason` values clients branch on (docs/graphql-errors.md); lower case on the wire. */
export type ErrorReason =
  | 'login_failed'
  | 'expired_2fa_session'
  | 'locked_out'
  | 'locked_out_2fa'
  | 'incorrect_2fa_code'
  | 'invalid_code'
  | 'validation_failed'
  | 'conflict'
  | 'results_not_open'
  | 'max_depth'
  | 'max_cost'
  | 'max_aliases'
  | 'max_tokens'
  | 'max_directives'
  | 'bad_enum_values_header';

/** An RFC 9457 problem as the REST API answers it (docs/rest-api.md). */
export interface Problem {
  status?: number;
  detail?: string;
  errors?: FieldError[];
  /** Seconds until a new try may pass (the API's Retry-After): a 429, a 503 `gate-preparing`. */
  retryAfter?: number;
}

export type UpstreamFailureKind = 'status' | 'unreachable' | 'no_response' | 'aborted';

/** What the REST client throws; only this module turns it into something a client sees. */
export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailureKind,
    message: string,
    readonly status?: number,
    readonly problem?: Problem,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}

const messages: Record<ErrorCode, string> = {
  UNAUTHENTICATED: 'No valid session: sign in again.',
  FORBIDDEN: 'Not allowed.',
  BAD_USER_INPUT: 'The input was rejected.',
  NOT_FOUND: 'Not found.',
  UPSTREAM_NO_RESPONSE: 'request was made, no response',
  UPSTREAM_UNREACHABLE: 'unable to make request',
  INTERNAL_SERVER_ERROR: 'Internal server error.',
  RATE_LIMITED: 'Too many attempts; try again later.',
  RESULTS_PREPARING: "The survey's results are being prepared; try again after retryAfter seconds.",
  BAD_REQUEST: 'The request was refused.',
  GRAPHQL_PARSE_FAILED: 'The operation is not valid GraphQL.',
  GRAPHQL_VALIDATION_FAILED: 'The operation does not match the schema.',
};

/** The body of an answer refused before GraphQL ran (a malformed body, a rate limit). */
export function httpErrorBody(code: ErrorCode, message = messages[code]) {
  return { errors: [{ message, extensions: { code } }] };
}

const reasonMessages: Partial<Record<ErrorReason, string>> = {
  login_failed: 'Wrong email or password, or the session has ended.',
  locked_out: 'Too many failed sign-ins: the account is locked for 15 minutes.',
  expired_2fa_session: 'The two-factor sign-in has expired: sign in again.',
  locked_out_2fa: 'Too many wrong codes: sign in again.',
  incorrect_2fa_code: 'Incorrect code.',
  invalid_code: 'The link is invalid, used or expired.',
  results_not_open: 'The results of this survey open when it ends.',
  bad_enum_values_header: 'The Survey-Enum-Values header must be ALL_CAPS, or left out.',
};

interface GatewayErrorOptions {
  reason?: ErrorReason;
  /** The HTTP status when the error refuses the whole request (Apollo reads `extensions.http`). */
  httpStatus?: number;
  fieldErrors?: FieldError[];
  cause?: unknown;
  /**
   * RATE_LIMITED, RESULTS_PREPARING: seconds until a new try may pass (`extensions.retryAfter`, the
   * Retry-After header).
   */
  retryAfter?: number | undefined;
}

// Errors this module made; formatError trusts their code and extensions, and masks look-alikes.
const ours = new WeakSet<GraphQLError>();

function isOurs(error: unknown): boolean {
  if (!(error instanceof GraphQLError)) return false;
  // graphql-js wraps a resolver's error to add its path; the one we made is then the originalError.
  return (
    ours.has(error) ||
    (error.originalError instanceof GraphQLError && ours.has(error.originalError))
  );
}

/** A client-facing error with one of our codes; the cause stays server-side for the log. */
export function gatewayError(code: ErrorCode, options: GatewayErrorOptions = {}): GraphQLError {
  const { reason, fieldErrors, cause, retryAfter, httpStatus } = options;
  const message = (reason && reasonMessages[reason]) ?? messages[code];
  const extensions: Record<string, unknown> = { code };
  if (reason) extensions.reason = reason;
  if (code === 'BAD_USER_INPUT') extensions.fieldErrors = fieldErrors ?? [];
  if (retryAfter !== undefined) extensions.retryAfter = retryAfter;
  if (httpStatus) extensions.http = { status: httpStatus };
  const error = new GraphQLError(message, {
    extensions,
    originalError: cause instanceof Error ? cause : undefined,
  });
  ours.add(error);
  return error;
}

function fromStatus(error: UpstreamError): GraphQLError {
  const status = error.status ?? 500;
  const detail = error.problem?.detail;
  const fieldErrors = error.problem?.errors ?? [];
  const options = { cause: error, fieldErrors };
  if (status === 401) {
    const reason = detail === 'session-not-found' ? 'expired_2fa_session' : 'login_failed';
    return gatewayError('UNAUTHENTICATED', { ...options, reason });
  }
  if (status === 403) {
    if (detail === 'locked_out' || detail === 'locked_out_2fa') {
      return gatewayError('FORBIDDEN', { ...options, reason: detail });
    }
    if (detail === 'survey-not-ended')
      return gatewayError('FORBIDDEN', { ...options, reason: 'results_not_open' });
    return gatewayError('FORBIDDEN', options);
  }
  if (status === 400 || status === 422) {
    if (detail === 'incorrect-code')
      return gatewayError('BAD_USER_INPUT', { ...options, reason: 'incorrect_2fa_code' });
    if (detail === 'invalid-code')
      return gatewayError('BAD_USER_INPUT', { ...options, reason: 'invalid_code' });
    return gatewayError('BAD_USER_INPUT', { ...options, reason: 'validation_failed' });
  }
  // A state conflict the person can resolve (e.g. `parallel-survey`): the problem's fields explain it.
  if (status === 409) return gatewayError('BAD_USER_INPUT', { ...options, reason: 'conflict' });
  if (status === 404) return gatewayError('NOT_FOUND', options);
  const retryAfter =
    typeof error.problem?.retryAfter === 'number' ? error.problem.retryAfter : undefined;
  if (status === 429) return gatewayError('RATE_LIMITED', { ...options, retryAfter });
  // A report read of a survey whose anonymity gate is still being built (a fresh database's first
  // read of a large survey): not a failure; the reader's page says so and tries again.
  if (status === 503 && detail === 'gate-preparing')
    return gatewayError('RESULTS_PREPARING', { ...options, retryAfter });
  return gatewayError('INTERNAL_SERVER_ERROR', options);
}

/** The `extensions.code` of a GraphQLError (a REST failure as the REST client maps it); else undefined. */
export function codeOf(error: unknown): unknown {
  return error instanceof GraphQLError ? error.extensions.code : undefined;
}

/** Maps anything a REST call threw to the error the client sees. */
export function toGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  if (!(error instanceof UpstreamError))
    return gatewayError('INTERNAL_SERVER_ERROR', { cause: error });
  switch (error.kind) {
    case 'status':
      return fromStatus(error);
    case 'unreachable':
      return gatewayError('UPSTREAM_UNREACHABLE', { cause: error });
    case 'no_response':
    case 'aborted':
      return gatewayError('UPSTREAM_NO_RESPONSE', { cause: error });
  }
}

/**
 * A refused sign-in (`POST /account/login`): administration.md section 8 reads any 403 there as
 * `locked_out`, also one without that detail; everything else keeps its mapping.
 */
export function signInRefusal(error: unknown): GraphQLError {
  const mapped = toGraphQLError(error);
  if (mapped.extensions.code === 'FORBIDDEN' && mapped.extensions.reason === undefined)
    return gatewayError('FORBIDDEN', { reason: 'locked_out', cause: error });
  return mapped;
}

/** Codes Apollo itself gives requests it refuses before any resolver runs; their messages are safe. */
const apolloCodes = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'BAD_USER_INPUT',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

// graphql-js refuses an operation over `parseOptions.maxTokens` while parsing, with this message (sic).
const TOKEN_LIMIT = /^Syntax Error: Document contains more th\w+ (\d+) tokens/;

/**
 * Apollo's formatError: our own errors and Apollo's request errors pass as they are (minus anything
 * but code, reason, fieldErrors and retryAfter); anything else (a bug, a thrown library error) is masked.
 * `exposeLimits` false keeps the configured limits out of messages (production).
 */
export function createFormatError(exposeLimits: boolean) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const code = formatted.extensions?.code;
    const known = isOurs(error) || (typeof code === 'string' && apolloCodes.has(code));
    if (!known || code === 'INTERNAL_SERVER_ERROR') {
      return {
        message: messages.INTERNAL_SERVER_ERROR,
        path: formatted.path,
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      };
    }
    const { fieldErrors, retryAfter } = formatted.extensions ?? {};
    const tokens = TOKEN_LIMIT.exec(formatted.message);
    const reason = tokens ? 'max_tokens' : formatted.extensions?.reason;
    const extensions: Record<string, unknown> = { code };
    if (reason !== undefined) extensions.reason = reason;
    if (fieldErrors !== undefined) extensions.fieldErrors = fieldErrors;
    if (retryAfter !== undefined) extensions.retryAfter = retryAfter;
    if (tokens) {
      const message = exposeLimits
        ? `Token limit of ${tokens[1]} exceeded.`
        : 'The operation exceeds a limit of this server.';
      return { message, extensions };
    }
    return { ...formatted, extensions };
  };
}
