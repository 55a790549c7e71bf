// The REST shapes (docs/rest-api.md, AI) the ai GraphQL types resolve from.

export interface ProducedDto {
  engine: 'embedded' | 'provider';
  method: string;
  model: string | null;
}

/** `POST /summary/openai`, `POST /summary/summarization/comments`. */
export interface SummaryDto {
  response: string;
  openCommentAmount: number;
  keyPhrases: string[];
  commentIds: string[];
  cached: boolean;
  produced: ProducedDto;
}

/** `POST /summary/openai/full-summary`. */
export interface FullSummaryDto {
  response: string;
  observationFactorsUsed: number[];
  openCommentAmount: number;
  cached: boolean;
  produced: ProducedDto;
}

export interface TranslationItemDto {
  commentId: string;
  translatedText: string | null;
  originalText: string;
  originalTextLanguage: string;
  originalTextConfidence: number;
}

/** `POST /translate/comments`. */
export interface TranslateDto {
  response: TranslationItemDto[];
  message: string | null;
  cached: boolean;
  produced: ProducedDto;
}

export interface UsedCommentDto {
  id: string;
  surveyId: string;
  comment: string;
  type: 'positive' | 'negative' | 'neutral';
  criterionId: number;
  description: string;
  rank: number;
  score: number;
  cited: boolean;
}

/** `POST /searchindex/search`. */
export interface SearchDto {
  response: string;
  entities: string[];
  commentsUsed: UsedCommentDto[];
  followUpQuestions: string[];
  usedSearch: 'hybrid' | 'vector';
  vectorLeg: string;
  sentimentFilterList: ('positive' | 'negative' | 'neutral')[];
  openCommentAmount: number;
  agenticSteps: number | null;
  produced: ProducedDto;
}

/** `GET /searchindex/status`, and `index` of `POST /searchindex/create-index`. */
export interface SearchIndexDto {
  surveyId: string;
  baseSurveyId: string | null;
  status: 'queued' | 'building' | 'ready' | 'failed';
  total: number;
  done: number;
  progress: number;
  vectorModel: string;
  error: string | null;
  updatedAt: string;
}

/** `GET /ai/capabilities`. */
export interface CapabilitiesDto {
  summarization: boolean;
  translation: boolean;
  ask: boolean;
  agentic: boolean;
  engine: 'embedded' | 'provider';
}

/** One entry of `GET /ai/audit`. */
export interface AuditEntryDto {
  id: number;
  at: string;
  userId: string | null;
  surveyId: string | null;
  operation: string;
  commentIds: string[];
  model: string;
  inputTokens: number;
  outputTokens: number;
}
