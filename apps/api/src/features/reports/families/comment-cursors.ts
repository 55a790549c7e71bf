// The opaque cursors of the open comments' pages: where the previous page ended, as base64url JSON.
// Only a cursor a page gave is taken back; anything else is a 400 naming `after`.
import { HttpError } from '../../../lib/errors.js';

export const encodeCursor = (cursor: readonly unknown[]): string =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** A comment id as the database writes a uuid. */
export const isCommentId = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value);

/** A creation time as the database wrote it. */
export const isTime = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** The cursor `text` holds if `valid` accepts it, else `400 after: validation.invalid`. */
export function decodeCursor<T>(text: string, valid: (value: unknown) => value is T): T {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString());
    if (valid(value)) return value;
  } catch {
    // Falls through to the error below.
  }
  throw new HttpError('validation-failed', [{ field: 'after', message: 'validation.invalid' }]);
}
