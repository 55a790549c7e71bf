// Expected failures a person can fix come back as data (`{ ok, fieldErrors }`), unexpected ones stay
// errors (docs: conventions.md, Data access). The one place that reads a REST refusal's field errors.
import { GraphQLError } from 'graphql';
import type { FieldError } from '../__generated__/resolvers.js';
import { codeOf } from './errors.js';

/** The field errors of a refusal the person can fix (BAD_USER_INPUT); undefined for any other error. */
export function fieldErrorsOf(error: unknown): FieldError[] | undefined {
  if (!(error instanceof GraphQLError) || codeOf(error) !== 'BAD_USER_INPUT') return undefined;
  return (error.extensions.fieldErrors as FieldError[] | undefined) ?? [];
}

export type WriteResult<T> =
  | { ok: true; fieldErrors: FieldError[]; value: T }
  | { ok: false; fieldErrors: FieldError[]; value: null };

/** Runs a REST write: its answer, or the field errors of a refusal the person can fix; anything else throws. */
export async function writeResult<T>(write: () => Promise<T>): Promise<WriteResult<T>> {
  try {
    return { ok: true, fieldErrors: [], value: await write() };
  } catch (error) {
    const fieldErrors = fieldErrorsOf(error);
    if (!fieldErrors) throw error;
    return { ok: false, fieldErrors, value: null };
  }
}

/** A write's GraphQL payload (`{ ok, fieldErrors, company }`): the answer under `key`, null if refused. */
export async function writePayload<K extends string, T>(
  key: K,
  write: () => Promise<T>,
): Promise<{ ok: boolean; fieldErrors: FieldError[] } & Record<K, T | null>> {
  const { value, ...result } = await writeResult(write);
  return { ...result, [key]: value } as { ok: boolean; fieldErrors: FieldError[] } & Record<
    K,
    T | null
  >;
}

/** A read's answer, or null when the API refuses it with one of `codes` (no such record for this account). */
export async function orNull<T>(
  read: Promise<T>,
  codes: readonly string[] = ['NOT_FOUND'],
): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (codes.includes(codeOf(error) as string)) return null;
    throw error;
  }
}
