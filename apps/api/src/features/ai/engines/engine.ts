// The one interface both AI engines implement: the embedded default (no network, extractive and
// lexical, embedded-engine.ts) and a provider over any OpenAI-compatible endpoint
// (provider-engine.ts). Every result says which engine, method and model produced it.

export type EngineKind = 'embedded' | 'provider';

export interface Produced {
  engine: EngineKind;
  /** What was done, e.g. `extractive-mmr`, `llm-json-schema`, `bm25+ngram-rrf`. */
  method: string;
  /** The model's name; null for the embedded engine, which has none. */
  model: string | null;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export type CommentType = 'positive' | 'negative' | 'neutral';

/** A comment the anonymity gate let through (gated-comments.ts), the only kind engines see. */
export interface AiComment {
  id: string;
  surveyId: string;
  text: string;
  languageCode: string;
  criterionId: number;
  /** The criterion's name in the report language. */
  description: string;
  type: CommentType;
}

export interface SummaryRequest {
  comments: readonly AiComment[];
  languageCode: string;
  topic?: string | undefined;
  context?: string | undefined;
}

export interface SummaryResult {
  text: string;
  keyPhrases: string[];
  /** The comments quoted (embedded) or given to the model (provider). */
  commentIds: string[];
  produced: Produced;
  usage?: Usage | undefined;
}

export interface FullSummaryRequest {
  summaries: readonly { topic: string; text: string }[];
  languageCode: string;
  context?: string | undefined;
}

export interface TranslationItem {
  commentId: string;
  /** Null when no translation was made (the embedded engine). */
  translatedText: string | null;
  originalText: string;
  originalTextLanguage: string;
  originalTextConfidence: number;
}

export interface TranslateResult {
  items: TranslationItem[];
  /** Why nothing was translated, when nothing was. */
  message?: string | undefined;
  produced: Produced;
  usage?: Usage | undefined;
}

export interface Hit extends AiComment {
  score: number;
  /** Comments with this text (identical or near-identical) the hit stands for; 1 = itself only. */
  count: number;
}

/**
 * Read-only tools over gated data that the agentic mode may call. The figures are offered only as
 * far as the asker's data-source picker allows (`datasources`); a tool left out is not offered to
 * the model at all. Unit names never leave: units are named by stable aliases (`unit-1`, ...).
 */
export interface AgentTools {
  searchComments(query: string): Promise<Hit[]>;
  /** The datasources the asker allowed (the picker); `datasource` answers only these. */
  datasources: readonly Datasource[];
  /** A datasource of the spec (L-index, realizations, eNPS, overall satisfaction), gated. */
  datasource?: ((name: Datasource) => Promise<unknown>) | undefined;
  /** Each criterion's realization (share of participants per band) and importance (REALIZATIONS). */
  criterionStatistics?: (() => Promise<unknown>) | undefined;
  /** The L-index of each unit of a level (1..10), units aliased; small groups hidden (LIT_INDEX). */
  unitStatistics?: ((level: number) => Promise<unknown>) | undefined;
}

export const DATASOURCES = ['LIT_INDEX', 'REALIZATIONS', 'NPS', 'CURRENT_SATISFACTION'] as const;
export type Datasource = (typeof DATASOURCES)[number];

export interface AnswerRequest {
  question: string;
  hits: readonly Hit[];
  languageCode: string;
  agentic: boolean;
  /** The thread's earlier questions (they narrowed the search; the answer says so). */
  previousQuestions?: readonly string[] | undefined;
  tools?: AgentTools | undefined;
}

export interface AnswerResult {
  response: string;
  entities: string[];
  /** Ids of the comments the answer rests on: always a subset of the hits (and tool results). */
  citedIds: string[];
  followUpQuestions: string[];
  produced: Produced;
  usage?: Usage | undefined;
  /** Tool-loop steps taken (agentic mode). */
  steps?: number | undefined;
}

export interface Embedding {
  vectors: number[][];
  produced: Produced;
  usage?: Usage | undefined;
}

export interface AiEngine {
  readonly kind: EngineKind;
  /** The model names the engine uses, for cache keys and the audit. */
  readonly chatModel: string | null;
  readonly embeddingModel: string | null;
  summarize(request: SummaryRequest): Promise<SummaryResult>;
  fullSummary(request: FullSummaryRequest): Promise<SummaryResult>;
  translate(comments: readonly AiComment[], languageCode: string): Promise<TranslateResult>;
  /** Vectors for the search's vector leg, documents and queries alike. */
  embed(texts: readonly string[]): Promise<Embedding>;
  answer(request: AnswerRequest): Promise<AnswerResult>;
}
