import { z } from 'zod';
import { requiredString } from '../../lib/validation.js';
import { COMPANY_INDUSTRIES, COMPANY_SIZES } from '../configuration/options.js';

const INVALID = 'validation.invalid';
const uuid = () => z.uuid({ error: INVALID });

export const UNIT_LEVELS = 10;

/** The company settings flags of administration.md section 3. */
export const GROUP_COMMENTS_FLAGS = Array.from(
  { length: UNIT_LEVELS },
  (_, i) => `groupCommentsUnit${i + 1}` as const,
);
export const BACKGROUND_FLAGS = [
  'showBackgroundAge',
  'showBackgroundGender',
  'showBackgroundEmploymentDuration',
  'showBackgroundEducation',
  'showBackgroundPosition',
  'showBackgroundContractType',
  'showBackgroundWorkingHours',
] as const;
export const SETTING_FLAGS = [
  ...GROUP_COMMENTS_FLAGS,
  'allowViewCommentsOfSmallGroup',
  'localizedReports',
  'reportPackage',
  'showPassQuestions',
  'restrictOpenCommentsByUnit',
  'sendEmailAfterSurvey',
  ...BACKGROUND_FLAGS,
] as const;
export type SettingFlag = (typeof SETTING_FLAGS)[number];
export type CompanySettings = Record<SettingFlag, boolean>;

/**
 * A flag that is not set reads as this (section 4): report package, email after the survey and
 * the background questions on; everything else off.
 */
export const DEFAULT_SETTINGS: CompanySettings = Object.fromEntries(
  SETTING_FLAGS.map((flag) => [
    flag,
    flag === 'reportPackage' ||
      flag === 'sendEmailAfterSurvey' ||
      (BACKGROUND_FLAGS as readonly string[]).includes(flag),
  ]),
) as CompanySettings;

/** Stored settings (maybe partial, maybe with old keys) completed with the defaults. */
export function completeSettings(stored: unknown): CompanySettings {
  const given = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    SETTING_FLAGS.map((flag) => [
      flag,
      typeof given[flag] === 'boolean' ? given[flag] : DEFAULT_SETTINGS[flag],
    ]),
  ) as CompanySettings;
}

const settingsShape = z
  .object(
    Object.fromEntries(
      SETTING_FLAGS.map((flag) => [flag, z.boolean({ error: INVALID }).optional()]),
    ) as Record<SettingFlag, z.ZodOptional<z.ZodBoolean>>,
    { error: INVALID },
  )
  .strict();

const industryId = () =>
  requiredString().pipe(
    z.enum(COMPANY_INDUSTRIES.map((option) => option.id) as [string, ...string[]], {
      error: INVALID,
    }),
  );
const sizeId = () =>
  requiredString().pipe(
    z.enum(COMPANY_SIZES.map((option) => option.id) as [string, ...string[]], { error: INVALID }),
  );
const name = () => requiredString().pipe(z.string().max(200, INVALID));

export const createBody = z.object({
  name: name(),
  industryId: industryId(),
  sizeId: sizeId(),
  settings: settingsShape.nullish(),
});

export const updateBody = z.object({
  id: requiredString().pipe(uuid()),
  name: name(),
  industryId: industryId(),
  sizeId: sizeId(),
  settings: settingsShape.nullish(),
});

export const idParams = z.object({ id: uuid() });

export const ORDER_COLUMNS = ['name', 'industry', 'size', 'created'] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];

export const listQuery = z.object({
  query: z.string({ error: INVALID }).trim().max(200, INVALID).optional(),
  order: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(ORDER_COLUMNS, { error: INVALID }).default('name'),
  ),
  direction: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(['ASC', 'DESC', 'asc', 'desc'], { error: INVALID })
      .default('ASC')
      .transform((value) => value.toUpperCase() as 'ASC' | 'DESC'),
  ),
});

export const MAX_TAKE = 100;

export const paging = z.object({
  skip: z
    .string({ error: INVALID })
    .regex(/^\d{1,9}$/, INVALID)
    .transform(Number),
  take: z
    .string({ error: INVALID })
    .regex(/^\d{1,3}$/, INVALID)
    .transform(Number)
    .pipe(z.number().min(1, INVALID).max(MAX_TAKE, INVALID)),
});

export const companiesAndSurveysQuery = z.object({
  companyId: z.preprocess((value) => (value === '' ? undefined : value), uuid().optional()),
});

const unitName = () => requiredString().pipe(z.string().max(200, INVALID));
/** A parent one level up; null or absent for none (always none on level 1). */
const parentId = () => z.union([uuid(), z.null()]).optional();

export const newUnitBody = z.object({
  companyId: requiredString().pipe(uuid()),
  index: z.number({ error: INVALID }).int(INVALID).min(1, INVALID).max(UNIT_LEVELS, INVALID),
  name: unitName(),
  parentId: parentId(),
});

export const unitUpdateBody = z.object({
  name: unitName(),
  parentId: parentId(),
});
