// The report query (reporting.md section 3 "Report query" and "Report filters"), one encoding:
// `sets` is a JSON array in the query string, the other fields are plain parameters.
// GET /report/enps?reportLanguage=fi-FI&sets=[{"surveyId":"…","filters":{"unit1":["…"],"age":["25-34"]}}]
import { z } from 'zod';

const INVALID = 'validation.invalid';
/** The open comments' pages: 1,000 comments is about 200 kB and stays within 50 ms at 1,000,000. */
export const COMMENT_LIST_PAGE = 1000;
export const COMMENT_LIST_MAX_PAGE = 1000;

export {
  BACKGROUND,
  BACKGROUND_KEYS,
  BACKGROUND_SETTING,
  type BackgroundKey,
} from '../../lib/questionnaire.js';
import {
  BACKGROUND,
  BACKGROUND_KEYS,
  COMMENT_CRITERIA,
  type BackgroundKey,
} from '../../lib/questionnaire.js';
import { RANGE_NAMES } from './comment-ranges.js';

export const UNIT_LEVELS = 10;
export const UNIT_KEYS = Array.from({ length: UNIT_LEVELS }, (_, i) => `unit${i + 1}` as const);
export type UnitKey = (typeof UNIT_KEYS)[number];
/** A breakdown dimension: a unit level or a background variable. */
export type GroupKey = UnitKey | BackgroundKey;
export const GROUP_KEYS: readonly GroupKey[] = [...UNIT_KEYS, ...BACKGROUND_KEYS];

export const unitLevel = (key: UnitKey): number => Number(key.slice(4));
export const isUnitKey = (key: string): key is UnitKey =>
  (UNIT_KEYS as readonly string[]).includes(key);

const uuid = () => z.uuid({ error: INVALID });
const date = () => z.iso.date({ error: INVALID });

const filtersShape = z
  .object({
    ...Object.fromEntries(UNIT_KEYS.map((key) => [key, z.array(uuid()).min(1, INVALID).max(50)])),
    ...Object.fromEntries(
      BACKGROUND_KEYS.map((key) => [
        key,
        z
          .array(z.enum(BACKGROUND[key].values as unknown as [string, ...string[]], INVALID))
          .min(1, INVALID),
      ]),
    ),
  } as unknown as Record<GroupKey, z.ZodArray<z.ZodString>>)
  .partial()
  .strict();

/** One filter set: a survey (with unit and background filters) or all data (Admin benchmark). */
export const filterSet = z
  .object({
    surveyId: uuid().optional(),
    wholeData: z.literal(true, INVALID).optional(),
    filters: filtersShape.default({}),
    industryId: z.string().min(1).max(50).optional(),
    sizeId: z.string().min(1).max(50).optional(),
    /** 0 rolling 12 months, 1 current year, 2 all, 3 rangeStart..rangeEnd (inclusive days). */
    surveyFinishTime: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
    rangeStart: date().optional(),
    rangeEnd: date().optional(),
  })
  .strict()
  .superRefine((set, ctx) => {
    const issue = (path: string, message = INVALID) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (set.surveyId && set.wholeData) issue('wholeData', 'reports.query.surveyOrWholeData');
    if (!set.surveyId && !set.wholeData) issue('surveyId', 'validation.required');
    if (set.surveyId) {
      // Benchmark filters belong to all-data mode only.
      for (const key of ['industryId', 'sizeId', 'surveyFinishTime', 'rangeStart', 'rangeEnd'])
        if (set[key as keyof typeof set] !== undefined) issue(key, 'reports.query.wholeDataOnly');
    }
    if (set.wholeData && Object.keys(set.filters).length > 0)
      issue('filters', 'reports.query.surveyOnly');
    if (set.surveyFinishTime === 3) {
      if (!set.rangeStart) issue('rangeStart', 'validation.required');
      if (!set.rangeEnd) issue('rangeEnd', 'validation.required');
      if (set.rangeStart && set.rangeEnd && set.rangeStart > set.rangeEnd)
        issue('rangeEnd', 'reports.query.rangeEndBeforeStart');
    } else if (set.rangeStart !== undefined || set.rangeEnd !== undefined) {
      issue('rangeStart', 'reports.query.rangeNeedsFinishTime3');
    }
  });
export type FilterSet = z.output<typeof filterSet>;
export type Filters = Partial<Record<GroupKey, string[]>>;

const json = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return Symbol('invalid json'); // fails the array check below with the field's name
  }
};

const flag = z
  .enum(['true', 'false', '1', '0'], INVALID)
  .transform((value) => value === 'true' || value === '1');

const language = () =>
  z
    .string()
    .regex(/^[a-zA-Z-]{2,10}$/, INVALID)
    .optional();

/** The kinds of filter choices: units, background questions, the whole-organisation choice. */
export const GROUP_CHOICES = ['units', 'background', 'wholeData'] as const;

const groupKey = z.enum(GROUP_KEYS as [GroupKey, ...GroupKey[]], INVALID);

/** The query string of every report read. */
export const reportQuery = z.object({
  uILanguage: language(),
  reportLanguage: language(),
  sets: z.preprocess(json, z.array(filterSet, INVALID).min(1, INVALID).max(2, INVALID)),
  /** A breakdown of the first set: one group per unit of the level or per background value. */
  groupBy: groupKey.optional(),
  removeBackground: flag.optional(),
  reportPackage: flag.optional(),
  trend: flag.optional(),
  reportType: z.coerce.number().int().optional(),
  /** Filter choices: at most this many background questions (the panel shows 4). */
  numberOfFilters: z.coerce
    .number({ error: INVALID })
    .int(INVALID)
    .min(0, INVALID)
    .max(BACKGROUND_KEYS.length, INVALID)
    .optional(),
  /** Filter choices: which kinds to answer, comma-separated; default `units,background`. */
  groupChoices: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.enum(GROUP_CHOICES, INVALID)).min(1, INVALID))
    .optional(),
});
export type ReportQuery = z.output<typeof reportQuery>;

/**
 * The open comments' L-index range filter (comment-ranges.ts): `0-69`, `70-84` or `85-100`, only the
 * comments of writers whose index lies in it.
 */
const indexRange = z
  .enum(RANGE_NAMES, 'reports.query.indexRange')
  .describe(
    "Only the comments of writers whose L-index lies in this range of the page's flame filter; " +
      'refused for a set whose comments are listed without the index.',
  )
  .optional();

/** The open comments counted per type and criterion, optionally of one L-index range. */
export const commentCountsQuery = reportQuery.extend({ indexRange });

/** One page of open comments: a type and criterion, after a cursor (the previous page's `next`). */
export const commentPageQuery = reportQuery.extend({
  indexRange,
  type: z.enum(['positive', 'negative', 'neutral'], INVALID),
  criterion: z.coerce
    .number({ error: INVALID })
    .int(INVALID)
    .refine((id) => COMMENT_CRITERIA.includes(id), INVALID),
  after: z.string().min(1, INVALID).max(400, INVALID).optional(),
  limit: z.coerce
    .number({ error: INVALID })
    .int(INVALID)
    .min(1, INVALID)
    .max(200, INVALID)
    .default(50),
});

/** The open comments a page at a time across types and criteria (the downloads read them all). */
export const commentListQuery = reportQuery.extend({
  after: z.string().min(1, INVALID).max(400, INVALID).optional(),
  limit: z.coerce
    .number({ error: INVALID })
    .int(INVALID)
    .min(1, INVALID)
    .max(COMMENT_LIST_MAX_PAGE, INVALID)
    .default(COMMENT_LIST_PAGE),
});

/** The index map takes several breakdowns: `groupBy=age,gender`. */
export const lmapQuery = reportQuery.extend({
  groupBy: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(groupKey).min(1, INVALID).max(GROUP_KEYS.length)),
});

export const languageQuery = z.object({
  uILanguage: language(),
  uiLanguage: language(),
  reportLanguage: language(),
});

export const idParam = z.object({ id: uuid() });

export const respondersQuery = z.object({
  surveyIds: z
    .string({ error: 'validation.required' })
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(uuid()).min(1, 'validation.required').max(50, INVALID)),
});
