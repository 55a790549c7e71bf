// The one place that reads errors from Apollo: `extensions.code`, `reason` and `fieldErrors` from the
// gateway, and a message for people in the UI language: a known reason, else the field errors, else
// the code's own text. The gateway's English message is never shown (docs/graphql-errors.md).
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export interface FieldError {
  field: string;
  message: string;
}

export interface ApiError {
  code?: string;
  reason?: string;
  fieldErrors: FieldError[];
  /** The server's own message (or the transport error's). */
  rawMessage: string;
  /** True when the request never got a GraphQL answer (gateway down, network gone). */
  transport?: 'no-response' | 'unreachable';
  /** RATE_LIMITED, RESULTS_PREPARING: seconds until a new try may pass. */
  retryAfter?: number;
}

/** Reasons the console translates; any other message is shown as the server wrote it. */
export const TRANSLATED_REASONS = [
  'login_failed',
  'locked_out',
  'locked_out_2fa',
  'expired_2fa_session',
  'incorrect_2fa_code',
  'invalid_code',
  'results_not_open',
] as const;
type TranslatedReason = (typeof TRANSLATED_REASONS)[number];

/** Every `extensions.code` the gateway sends (docs/graphql-errors.md), each with its own text. */
export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'UPSTREAM_NO_RESPONSE',
  'UPSTREAM_UNREACHABLE',
  'INTERNAL_SERVER_ERROR',
  'RATE_LIMITED',
  'RESULTS_PREPARING',
  'BAD_REQUEST',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
] as const;
type ErrorCode = (typeof ERROR_CODES)[number];

/** The text of each code (`errors.codes.<text>`): refusals of a malformed request share one. */
type CodeText =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'INTERNAL_SERVER_ERROR'
  | 'RATE_LIMITED'
  | 'RESULTS_PREPARING'
  | 'invalidRequest'
  | 'unknown';
const CODE_TEXTS: Record<ErrorCode, CodeText> = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  NOT_FOUND: 'NOT_FOUND',
  UPSTREAM_NO_RESPONSE: 'unknown',
  UPSTREAM_UNREACHABLE: 'unknown',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  RATE_LIMITED: 'RATE_LIMITED',
  RESULTS_PREPARING: 'RESULTS_PREPARING',
  BAD_REQUEST: 'invalidRequest',
  GRAPHQL_PARSE_FAILED: 'invalidRequest',
  GRAPHQL_VALIDATION_FAILED: 'invalidRequest',
};

const isKnownCode = (code: string | undefined): code is ErrorCode =>
  (ERROR_CODES as readonly (string | undefined)[]).includes(code);

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FieldError).field === 'string' &&
    typeof (value as FieldError).message === 'string'
  );
}

export function readApiError(error: unknown): ApiError {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const extensions = first?.extensions ?? {};
    const { code, reason, fieldErrors, retryAfter } = extensions;
    return {
      code: typeof code === 'string' ? code : undefined,
      reason: typeof reason === 'string' ? reason : undefined,
      fieldErrors: Array.isArray(fieldErrors) ? fieldErrors.filter(isFieldError) : [],
      rawMessage: first?.message ?? error.message,
      ...(typeof retryAfter === 'number' ? { retryAfter } : {}),
    };
  }
  // An HTTP answer without GraphQL in it (a proxy's 502/504): the request went out, no real response came.
  if (ServerError.is(error))
    return { fieldErrors: [], rawMessage: error.message, transport: 'no-response' };
  const rawMessage = error instanceof Error ? error.message : String(error);
  return { fieldErrors: [], rawMessage, transport: 'unreachable' };
}

/** The message to show for an error, always in the UI language (never the server's English). */
export function errorMessage(error: unknown, t: TFunction): string {
  const { code, reason, fieldErrors, transport } = readApiError(error);
  if (reason && (TRANSLATED_REASONS as readonly string[]).includes(reason))
    return t(`errors.${reason as TranslatedReason}`);
  if (code === 'UPSTREAM_NO_RESPONSE' || transport === 'no-response')
    return t('errors.upstreamNoResponse');
  if (code === 'UPSTREAM_UNREACHABLE' || transport === 'unreachable')
    return t('errors.upstreamUnreachable');
  if (fieldErrors.length > 0) return fieldErrorsMessage(fieldErrors, t);
  return t(`errors.codes.${isKnownCode(code) ? CODE_TEXTS[code] : 'unknown'}`);
}

/** A field message: the API sends translation keys such as `account.confirm.passwordInvalid`. */
export function fieldErrorMessage(fieldError: FieldError, t: TFunction): string {
  return t(fieldError.message, { defaultValue: fieldError.message });
}

/** Several field messages as one text. */
export function fieldErrorsMessage(fieldErrors: readonly FieldError[], t: TFunction): string {
  return fieldErrors.map((fieldError) => fieldErrorMessage(fieldError, t)).join(' ');
}

/** Seconds a reader waits before reading again when a survey's results are still being prepared. */
const DEFAULT_PREPARING_SECONDS = 3;

/**
 * The seconds to wait before reading again when the error says a survey's results are still being
 * prepared (RESULTS_PREPARING: the API builds its anonymity gate); null for any other error.
 */
export function preparingRetryAfter(error: unknown): number | null {
  if (error === undefined || error === null) return null;
  const { code, retryAfter } = readApiError(error);
  if (code !== 'RESULTS_PREPARING') return null;
  return retryAfter !== undefined && retryAfter > 0 ? retryAfter : DEFAULT_PREPARING_SECONDS;
}

/** True for the refusal of a survey's results before it ends (`results_not_open`). */
export const isResultsNotOpen = (error: unknown): boolean =>
  error !== undefined && error !== null && readApiError(error).reason === 'results_not_open';

export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => errorMessage(error, t);
}
