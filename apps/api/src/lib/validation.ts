import { z } from 'zod';
import { HttpError, type FieldError } from './errors.js';

export const PASSWORD_INVALID = 'account.confirm.passwordInvalid';
const REQUIRED = 'validation.required';

/** A non-empty string; a missing or empty value reads `validation.required`. */
export const requiredString = () => z.string({ error: REQUIRED }).trim().min(1, REQUIRED);

/** 8+ characters with a digit and an uppercase letter (administration.md section 5). */
export const password = () =>
  z.string({ error: REQUIRED }).min(1, REQUIRED).refine(isValidPassword, PASSWORD_INVALID);

export function isValidPassword(value: string): boolean {
  return value.length >= 8 && /\d/.test(value) && /\p{Lu}/u.test(value);
}

/**
 * Parses a request body or throws 400. A failure of the password rule alone answers
 * `password-rule`, so a client can tell it apart; any other failure is `validation-failed`.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    // Our schemas label issues with translation keys; zod's own English sentences become a generic key.
    message: issue.message.includes(' ') ? 'validation.invalid' : issue.message,
  }));
  const onlyPassword = errors.every((error) => error.message === PASSWORD_INVALID);
  throw new HttpError(onlyPassword ? 'password-rule' : 'validation-failed', errors);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
