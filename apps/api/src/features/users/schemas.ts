import { z } from 'zod';
import { ROLES } from '../../lib/auth.js';
import { LANGUAGES } from '../../lib/languages.js';
import { requiredString } from '../../lib/validation.js';

// The console's own messages for these two (administration.md sections 5 and 8).
export const ROLE_REQUIRED = 'users.form.roleRequired';
export const LANGUAGE_REQUIRED = 'users.form.languageRequired';
const INVALID = 'validation.invalid';

const role = () => z.enum(ROLES, { error: ROLE_REQUIRED });
const language = () => z.enum(LANGUAGES, { error: LANGUAGE_REQUIRED });
const email = () => requiredString().pipe(z.email({ error: INVALID }));
const uuid = () => z.uuid({ error: INVALID });

export const createBody = z.object({
  displayName: requiredString(),
  email: email(),
  companyId: requiredString().pipe(uuid()),
  role: role(),
  language: language(),
});

export const updateBody = z.object({
  id: requiredString().pipe(uuid()),
  displayName: requiredString(),
  email: email(),
  role: role(),
  language: language(),
  twoFactorEnabled: z.boolean({ error: INVALID }).optional(),
});

export const emailBody = z.object({ email: requiredString() });

export const unitsBody = z.object({
  email: requiredString(),
  unitIds: z.array(uuid(), { error: INVALID }).max(1000, INVALID),
});

export const companiesBody = z.object({
  email: requiredString(),
  companyIds: z.array(uuid(), { error: INVALID }).max(1000, INVALID),
});

export const ORDER_COLUMNS = [
  'email',
  'displayName',
  'role',
  'language',
  'emailConfirmed',
  'company',
] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];

const direction = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(['ASC', 'DESC'], { error: INVALID }));

export const pageParams = z.object({
  skip: z.coerce.number({ error: INVALID }).int(INVALID).min(0, INVALID),
  take: z.coerce.number({ error: INVALID }).int(INVALID).min(1, INVALID).max(1000, INVALID),
});

export const listQuery = z.object({
  query: z.string({ error: INVALID }).max(200, INVALID).optional(),
  order: z.enum(ORDER_COLUMNS, { error: INVALID }).optional(),
  direction: direction.optional(),
});
