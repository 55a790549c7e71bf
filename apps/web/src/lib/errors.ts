// The one place that reads errors from Apollo: `extensions.code`, `reason` and `fieldErrors` from the
// gateway, and a message for people (known reasons and transport failures translated, the rest raw).
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
}

/** Reasons the console translates; any other message is shown as the server wrote it. */
export const TRANSLATED_REASONS = [
  'login_failed',
  'locked_out',
  'locked_out_2fa',
  'expired_2fa_session',
  'incorrect_2fa_code',
] as const;
type TranslatedReason = (typeof TRANSLATED_REASONS)[number];

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
    const { code, reason, fieldErrors } = extensions;
    return {
      code: typeof code === 'string' ? code : undefined,
      reason: typeof reason === 'string' ? reason : undefined,
      fieldErrors: Array.isArray(fieldErrors) ? fieldErrors.filter(isFieldError) : [],
      rawMessage: first?.message ?? error.message,
    };
  }
  // An HTTP answer without GraphQL in it (a proxy's 502/504): the request went out, no real response came.
  if (ServerError.is(error))
    return { fieldErrors: [], rawMessage: error.message, transport: 'no-response' };
  const rawMessage = error instanceof Error ? error.message : String(error);
  return { fieldErrors: [], rawMessage, transport: 'unreachable' };
}

/** The message to show for an error, in the UI language where the console knows the case. */
export function errorMessage(error: unknown, t: TFunction<'admin'>): string {
  const { code, reason, rawMessage, transport } = readApiError(error);
  if (reason && (TRANSLATED_REASONS as readonly string[]).includes(reason))
    return t(`errors.${reason as TranslatedReason}`);
  if (code === 'UPSTREAM_NO_RESPONSE' || transport === 'no-response')
    return t('errors.upstreamNoResponse');
  if (code === 'UPSTREAM_UNREACHABLE' || transport === 'unreachable')
    return t('errors.upstreamUnreachable');
  return rawMessage;
}

/** A field message: the API sends translation keys such as `account.confirm.passwordInvalid`. */
export function fieldErrorMessage(fieldError: FieldError, t: TFunction<'admin'>): string {
  return t(fieldError.message, { defaultValue: fieldError.message });
}

/** Several field messages as one text. */
export function fieldErrorsMessage(
  fieldErrors: readonly FieldError[],
  t: TFunction<'admin'>,
): string {
  return fieldErrors.map((fieldError) => fieldErrorMessage(fieldError, t)).join(' ');
}

export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('admin');
  return (error) => errorMessage(error, t);
}
