// Answer shapes of the AI calls, for the OpenAPI document (openapi.ts).
import { z } from 'zod';

export const produced = z
  .object({
    engine: z.enum(['embedded', 'provider']).describe('Which engine answered.'),
    method: z.string().describe('How, e.g. extractive-mmr, llm-json-schema, bm25+ngram-rrf.'),
    model: z.string().nullable().describe('The model; null for the embedded engine.'),
  })
  .describe('Who produced the answer.');

const summary = z.object({
  response: z.string().describe('The summary text ("" when there were no comments).'),
  openCommentAmount: z.number().int().describe('Comments the summary was built from.'),
  keyPhrases: z.array(z.string()),
  commentIds: z.array(z.string()).describe('Comments quoted or given to the model.'),
  cached: z.boolean().describe('Served from the cache: no new provider call.'),
  produced,
});

const translation = z.object({
  commentId: z.string(),
  translatedText: z.string().nullable().describe('Null when no model is configured.'),
  originalText: z.string(),
  originalTextLanguage: z.string().describe('ISO 639-1 code, cross-checked with eld.'),
  originalTextConfidence: z.number().min(0).max(1),
});

const translate = z.object({
  response: z.array(translation),
  message: z.string().nullable().describe('Why nothing was translated, when nothing was.'),
  cached: z.boolean(),
  produced,
});

const fullSummary = z.object({
  response: z.string(),
  observationFactorsUsed: z.array(z.number().int()),
  openCommentAmount: z.number().int(),
  cached: z.boolean(),
  produced,
});

const usedComment = z.object({
  id: z.string(),
  surveyId: z.string().describe("The comment's survey (a trend survey's index covers its base)."),
  comment: z.string(),
  type: z.enum(['positive', 'negative', 'neutral']),
  criterionId: z.number().int(),
  description: z.string(),
  rank: z.number().int().describe('1 = most relevant.'),
  score: z.number(),
  count: z
    .number()
    .int()
    .min(1)
    .describe(
      'Comments this hit stands for: itself and those with the same or a near-identical text among the comments the caller may see (1 = only itself).',
    ),
  cited: z.boolean().describe('The answer rests on this comment.'),
});

const search = z.object({
  response: z.string(),
  entities: z.array(z.string()),
  commentsUsed: z.array(usedComment),
  followUpQuestions: z.array(z.string()),
  usedSearch: z.enum(['hybrid', 'vector']).describe('The retrieval that ran.'),
  vectorLeg: z
    .string()
    .describe('What the vector leg is: hashed-char-ngrams or an embedding model.'),
  sentimentFilterList: z.array(z.enum(['positive', 'negative', 'neutral'])),
  openCommentAmount: z.number().int(),
  agenticSteps: z.number().int().nullable(),
  suppressedBecause: z
    .enum(['belowThreshold', 'differencing'])
    .nullable()
    .describe(
      'The chosen group is hidden by the anonymity rules (no comments searched): ' +
        'belowThreshold, fewer than the threshold answered; differencing, it would reveal a ' +
        'smaller group. Null when the group is shown.',
    ),
  produced,
});

export const indexStatus = z.object({
  surveyId: z.string(),
  baseSurveyId: z.string().nullable(),
  status: z.enum(['queued', 'building', 'ready', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  progress: z.number().min(0).max(1),
  vectorModel: z.string(),
  error: z.string().nullable(),
  updatedAt: z.string(),
});

const createIndex = z.object({ message: z.string(), jobId: z.string(), index: indexStatus });
const message = z.object({ message: z.string() });

const audit = z.array(
  z.object({
    id: z.number().int(),
    at: z.string(),
    userId: z.string().nullable(),
    userName: z.string().nullable().describe('Who: null for a deleted user or a background build.'),
    userEmail: z.string().nullable(),
    surveyId: z.string().nullable(),
    surveyName: z.string().nullable(),
    operation: z.string(),
    commentIds: z.array(z.string()),
    model: z.string(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
  }),
);

const capabilities = z.object({
  summarization: z.boolean(),
  translation: z.boolean(),
  ask: z.boolean(),
  agentic: z.boolean(),
  engine: z.enum(['embedded', 'provider']),
});

export const aiResponses = {
  capabilities,
  summary,
  translate,
  fullSummary,
  search,
  createIndex,
  message,
  indexStatus,
  audit,
};

/** Each AI answer's shape, for the gateway (`import type`, as `ReportAnswers`). */
export type AiAnswers = {
  [Name in keyof typeof aiResponses]: z.output<(typeof aiResponses)[Name]>;
};
