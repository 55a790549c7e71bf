// Request shapes of the AI calls (reporting.md sections 3, 5 and 7; docs/rest-api.md "AI"). Where the
// specification lets a browser send texts for a model (commentsToSummarize, commentsToTranslate,
// openCommentSummaries), these take comment ids or observation factors and the server reads the
// comments itself through the anonymity gate.
import { z } from 'zod';
import { COMMENT_CRITERIA, OTHER_CRITERION } from '../../lib/questionnaire.js';
import { DATASOURCES } from './engines/engine.js';

const INVALID = 'validation.invalid';
const uuid = () => z.uuid({ error: INVALID });

/** Sami is refused by name (section 5); the route names the language in the error. */
export const UNSUPPORTED_LANGUAGES = { sme: 'Northern Sami' } as const;

const languageCode = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$/, INVALID)
  .describe('Language of the answer, e.g. fi-FI, sv, en-US.');

const freeText = (max: number) => z.string().trim().max(max, INVALID).optional();

/** Criteria that take comments: 2..31 and 99 "Something else". */
const observationFactorId = z.coerce
  .number({ error: INVALID })
  .int(INVALID)
  .refine((id) => COMMENT_CRITERIA.includes(id) || id === OTHER_CRITERION, INVALID)
  .describe('Criterion id: 2-31, or 99 "Something else".');

/** 1 positive, 2 negative, 3 neutral (in a trend survey: better, worse, important). */
export const openAnswerType = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: INVALID,
});
export const TYPE_OF = { 1: 'positive', 2: 'negative', 3: 'neutral' } as const;

const commentIds = (max: number) =>
  z
    .array(uuid(), { error: INVALID })
    .min(1, 'validation.required')
    .max(max, INVALID)
    .describe(
      'Ids of comments of the survey; the server reads their texts through the anonymity gate.',
    );

export const factorSummaryBody = z.object({
  surveyId: uuid(),
  observationFactorId,
  openAnswerType,
  languageCode,
  observationTopic: freeText(200),
  observationContext: freeText(1000),
});

export const commentsSummaryBody = z.object({
  surveyId: uuid(),
  commentIds: commentIds(500),
  languageCode,
  observationTopic: freeText(200),
  observationContext: freeText(1000),
});

export const translateBody = z.object({
  surveyId: uuid(),
  commentIds: commentIds(200),
  languageCode,
});

export const fullSummaryBody = z.object({
  surveyId: uuid(),
  openAnswerType,
  /** The factors to combine; default: every factor with comments. */
  observationFactorIds: z.array(observationFactorId).max(31, INVALID).optional(),
  languageCode,
  observationContext: freeText(1000),
});

/** 0..150, 0 (or nothing) becomes 50 (section 5). */
const amountToFetch = z.coerce
  .number({ error: INVALID })
  .transform((n) => Math.min(150, Math.max(0, Math.round(n))))
  .transform((n) => (n === 0 ? 50 : n))
  .default(50);

/** 0.05..0.9; empty becomes 0.1 (section 5). */
const similarityThreshold = z
  .union([z.number(), z.string(), z.null()], { error: INVALID })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return 0.1;
    const n = Number(value);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: INVALID });
      return z.NEVER;
    }
    return Math.min(0.9, Math.max(0.05, n));
  });

export const searchBody = z.object({
  surveyId: uuid(),
  searchQuery: z
    .string({ error: 'validation.required' })
    .trim()
    .min(4, 'ai.search.minLength')
    .max(1000, 'ai.search.maxLength'),
  isHybridSearchType: z.boolean().default(true),
  amountToFetch,
  selectedUnits: z.array(uuid()).max(100, INVALID).default([]),
  selectedDatasources: z.array(z.enum(DATASOURCES, { error: INVALID })).default([]),
  similarityThreshold,
  isAgenticMode: z.boolean().default(false),
  languageCode: languageCode.default('fi-FI'),
  /** The thread's earlier questions, oldest first: they narrow this one (operations/narrowing). */
  previousQuestions: z
    .array(z.string().trim().min(1, INVALID).max(1000, 'ai.search.maxLength'), { error: INVALID })
    .max(10, INVALID)
    .optional()
    .describe('Earlier questions of the thread, oldest first; the newest 3 narrow the search.'),
});

export const createIndexBody = z
  .object({
    baseSurveyId: uuid().nullish(),
    trendSurveyId: uuid().nullish(),
  })
  .refine((body) => body.baseSurveyId || body.trendSurveyId, {
    message: 'validation.required',
    path: ['baseSurveyId'],
  });

export const surveyIdQuery = z.object({ surveyId: uuid() });

export const auditQuery = z.object({
  surveyId: uuid().optional(),
  take: z.coerce.number().int().min(1).max(500).default(100),
});

export type SearchBody = z.output<typeof searchBody>;
