import { z } from 'zod';
import { requiredString } from '../../lib/validation.js';
import { timeZone } from '../../lib/search.js';

const INVALID = 'validation.invalid';
const uuid = () => z.uuid({ error: INVALID });

/** The settings booleans of section 3; background toggles default on, AI toggles off. */
export const BACKGROUND_SETTINGS = [
  'showBackgroundAge',
  'showBackgroundGender',
  'showBackgroundEmploymentDuration',
  'showBackgroundEducation',
  'showBackgroundPosition',
  'showBackgroundContractType',
  'showBackgroundWorkingHours',
] as const;

export const AI_SETTINGS = [
  'showAskKiddyManager',
  'showAskKiddyUser',
  'showAgenticAskKiddy',
  'shouldUseVectorSearchAskKiddy',
  'showAiSummarizationManager',
  'showAiSummarizationUser',
  'showAiTranslationManager',
  'showAiTranslationUser',
] as const;

export type SettingName = (typeof BACKGROUND_SETTINGS)[number] | (typeof AI_SETTINGS)[number];
export type SurveySettings = Record<SettingName, boolean>;

export const ORDER_COLUMNS = ['name', 'shortName', 'created', 'invitesSent', 'finished'] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];

export const listQuery = z.object({
  query: z.string().trim().max(200, INVALID).optional(),
  // A date typed in the search (d.M.yyyy) is a day in this zone, the searcher's own.
  timeZone: timeZone(INVALID).optional(),
  order: z.enum(ORDER_COLUMNS, { error: INVALID }).default('created'),
  direction: z
    .enum(['ASC', 'DESC', 'asc', 'desc'], { error: INVALID })
    .default('DESC')
    .transform((value) => value.toUpperCase() as 'ASC' | 'DESC'),
});

export const paging = z.object({
  skip: z.coerce.number({ error: INVALID }).int(INVALID).min(0, INVALID),
  take: z.coerce.number({ error: INVALID }).int(INVALID).min(1, INVALID).max(100, INVALID),
});

export const createBody = z.object({
  name: requiredString().pipe(z.string().max(200, INVALID)),
  shortName: requiredString().pipe(z.string().max(50, INVALID)),
  companyId: requiredString().pipe(uuid()),
  baseSurveyId: uuid().nullish(),
});

const settingsShape = z.object(
  Object.fromEntries(
    [...BACKGROUND_SETTINGS, ...AI_SETTINGS].map((name) => [
      name,
      z.boolean({ error: INVALID }).optional(),
    ]),
  ) as Record<SettingName, z.ZodOptional<z.ZodBoolean>>,
);

export const editBody = z.object({
  surveyEndMessage: z.string({ error: INVALID }).max(10_000, INVALID).nullish(),
  settings: settingsShape.nullish(),
});

export const endDateBody = z.object({
  id: requiredString().pipe(uuid()),
  // null clears the end date (the date picker's clear button): the survey is open again.
  endDate: requiredString()
    .pipe(z.string().refine((value) => !Number.isNaN(Date.parse(value)), INVALID))
    .nullable(),
});

export const showOpenCommentsBody = z.object({
  id: requiredString().pipe(uuid()),
  showOpenComments: z
    .string({ error: INVALID })
    .refine((value) => !Number.isNaN(Date.parse(value)), INVALID)
    .nullable(),
});

export const comparableQuery = z.object({ companyId: requiredString().pipe(uuid()) });
