import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An unguessable single-use code for links (reset, confirmation) or a session handle. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** A 6-digit one-time code for the two-factor step. */
export const sixDigitCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Codes are stored only as hashes, so a database leak reveals no usable code. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
