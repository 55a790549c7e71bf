import { z } from 'zod';
import { isLanguage } from '../../lib/languages.js';
import { requiredString } from '../../lib/validation.js';

const INVALID = 'validation.invalid';
const REQUIRED = 'validation.required';
export const EMAIL_IN_SURVEY = 'participants.emailInSurvey';
export const PIN_FORMAT = 'participants.pinFormat';

const uuid = () => z.uuid({ error: INVALID });
const language = () =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).refine(isLanguage, INVALID);
const email = () =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(254, INVALID)
    .pipe(z.email({ error: INVALID }));
const optionalText = (max: number) => z.string().trim().max(max, INVALID).default('');

export const paging = z.object({
  skip: z.coerce.number({ error: INVALID }).int(INVALID).min(0, INVALID),
  take: z.coerce.number({ error: INVALID }).int(INVALID).min(1, INVALID).max(10_000, INVALID),
});

export const listQuery = z.object({ query: z.string().trim().max(200, INVALID).optional() });

export const createBody = z.object({
  surveyId: uuid(),
  companyId: uuid(),
  companyDisplayName: optionalText(200),
  unitIds: z.array(uuid()).max(10, INVALID).default([]),
  firstName: requiredString().pipe(z.string().max(200, INVALID)),
  lastName: requiredString().pipe(z.string().max(200, INVALID)),
  languageCode: language(),
  email: email(),
  surveyContinueLink: optionalText(2000),
});

export const updateBody = z.object({
  firstName: requiredString().pipe(z.string().max(200, INVALID)),
  lastName: requiredString().pipe(z.string().max(200, INVALID)),
  languageCode: language(),
  // Empty or missing keeps no PIN change; otherwise exactly five digits (section 5).
  pinCode: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{5}$/.test(value), PIN_FORMAT)
    .optional(),
  unitIds: z.array(uuid()).max(10, INVALID).optional(),
  companyDisplayName: optionalText(200).optional(),
  email: email().optional(),
  surveyContinueLink: optionalText(2000).optional(),
});

export const emailInUseBody = z.object({ email: z.string({ error: REQUIRED }).trim() });
