import { z } from 'zod';
import { password, requiredString } from '../../lib/validation.js';

export const loginBody = z.object({ email: requiredString(), password: requiredString() });

export const twoFactorBody = z.object({ code: requiredString() });

export const checkConfirmationBody = z.object({ userId: requiredString(), code: requiredString() });

// The console sends the user id in a field named `email` (administration.md section 7).
export const confirmBody = z.object({
  email: requiredString(),
  code: requiredString(),
  password: password(),
});

// An unknown language is not an error: the link then carries the account's own language.
export const resetBody = z.object({ email: requiredString(), language: z.string().optional() });

export const resetConfirmBody = z.object({
  userId: requiredString(),
  code: requiredString(),
  password: password(),
});
