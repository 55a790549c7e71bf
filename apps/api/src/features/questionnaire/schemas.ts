import { z } from 'zod';

const INVALID = 'validation.invalid';
const REQUIRED = 'validation.required';

/** The longest open comment, in characters. */
export const COMMENT_MAX_LENGTH = 2000;
/** The most comments one participation may hold (a few per criterion). */
export const COMMENTS_MAX = 100;

export const COMMENT_TYPES = ['positive', 'negative', 'neutral'] as const;
export const TREND_CHANGES = ['better', 'same', 'worse'] as const;

// Shapes only: numbers stay plain numbers here so the questionnaire's own check (answers.ts) can
// say per field what is wrong with them (out of range, unknown criterion, not asked).
const num = () => z.number({ error: INVALID });

/** What a participant has answered, complete or not (a draft), as the API takes and returns it. */
export const answers = z.object({
  /** Background question key (age, gender, …) to the chosen value. */
  background: z.record(z.string(), z.string({ error: INVALID })).default({}),
  /** The criterion ids picked as most important, in the order picked. */
  important: z.array(num()).max(30, INVALID).default([]),
  /** How well each criterion is realized, 0..100. */
  realizations: z
    .array(z.object({ criterionId: num(), value: num() }))
    .max(30, INVALID)
    .default([]),
  satisfaction: num().nullable().default(null),
  enps: num().nullable().default(null),
  changeJob: z.boolean({ error: INVALID }).nullable().default(null),
  comments: z
    .array(
      z.object({
        criterionId: num(),
        type: z.enum(COMMENT_TYPES, { error: INVALID }),
        text: z.string({ error: INVALID }),
      }),
    )
    .max(COMMENTS_MAX, INVALID)
    .default([]),
  /** Trend surveys: for each important criterion, the change since the base survey. */
  trend: z
    .array(z.object({ criterionId: num(), change: z.enum(TREND_CHANGES, { error: INVALID }) }))
    .max(30, INVALID)
    .default([]),
});
export type Answers = z.infer<typeof answers>;

// 32 hex characters or more; anything else cannot be a token, so it is refused before a lookup.
const token = z.string({ error: REQUIRED }).regex(/^[0-9a-f]{32,128}$/, INVALID);

export const openBody = z.object({ token });
export const draftBody = z.object({
  token,
  answers,
  /** The language the participant answers in (the questionnaire's language switch). */
  languageCode: z.string().max(10, INVALID).optional(),
});
export const finishBody = draftBody;
export const pinBody = z.object({
  surveyId: z.uuid({ error: INVALID }),
  email: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(320, INVALID),
  pin: z.string({ error: REQUIRED }).regex(/^[0-9]{5}$/, 'participants.pinFormat'),
});

/** Where a participation stands, as the questionnaire's first page shows it. */
export const STATUSES = ['open', 'notStarted', 'ended', 'answered', 'notInvited'] as const;
export type QuestionnaireStatus = (typeof STATUSES)[number];
