// The rules of the Ask page (reporting.md sections 2, 4, 5, 6, 8 and 9), free of React so the tests
// read like the spec.
import type { AiDatasource, CommentType, Role } from '../../../__generated__/graphql';

export const QUESTION_MIN = 4;
export const QUESTION_MAX = 1000;
export const DEFAULT_AMOUNT = 50;
export const MAX_AMOUNT = 150;
export const AMOUNT_PRESETS = [50, 80, 100, 150] as const;
/** The threshold the settings start with, and what an emptied input stands for. */
export const DEFAULT_THRESHOLD = 0.3;
export const EMPTY_THRESHOLD = 0.1;
export const THRESHOLD_MIN = 0.05;
export const THRESHOLD_MAX = 0.9;
export const THRESHOLD_STEP = 0.05;
/** A failed search may be retried while fewer than this many retries were made. */
export const MAX_RETRIES = 3;
export const COMMENTS_PER_GROUP = 4;
/** The top comments that carry a relevancy rank badge. */
export const RANK_BADGES = 3;
export const DATASOURCES: readonly AiDatasource[] = [
  'LIT_INDEX',
  'REALIZATIONS',
  'NPS',
  'CURRENT_SATISFACTION',
];

export type QuestionProblem = 'tooShort' | 'tooLong' | null;

/** Too short under 4 characters, too long over 1000 (trimmed), otherwise fine. */
export function questionProblem(question: string): QuestionProblem {
  const length = question.trim().length;
  if (length < QUESTION_MIN) return 'tooShort';
  if (length > QUESTION_MAX) return 'tooLong';
  return null;
}

/** The amount input keeps 0..150 (whole numbers); anything unreadable is 0. */
export function clampAmount(value: number | string): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return 0;
  return Math.min(MAX_AMOUNT, Math.max(0, Math.round(number)));
}

/** What a search sends: 0 becomes the default 50. */
export const amountAtSearch = (amount: number): number =>
  clampAmount(amount) === 0 ? DEFAULT_AMOUNT : clampAmount(amount);

/** The threshold input keeps 0.05..0.9 on the 0.05 grid; an empty input is 0.1. */
export function clampThreshold(value: number | string): number {
  if (value === '' || value === null) return EMPTY_THRESHOLD;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return EMPTY_THRESHOLD;
  const stepped = Math.round(number / THRESHOLD_STEP) * THRESHOLD_STEP;
  return Number(Math.min(THRESHOLD_MAX, Math.max(THRESHOLD_MIN, stepped)).toFixed(2));
}

/** Only the Admin chooses the search type and agentic mode and sees datasource labels. */
export const seesExpertSettings = (role: Role): boolean => role === 'ADMIN';

export interface AskPageSurvey {
  settings?: { showAskKiddyManager: boolean; showAskKiddyUser: boolean } | null;
}

/**
 * The tile rule (reporting.md section 2): Admin always; PartnerAdmin and SuperUser when
 * showAskKiddyManager is on; User when showAskKiddyUser is on. No settings: no page.
 */
export function mayAsk(role: Role, survey: AskPageSurvey | null | undefined): boolean {
  if (!survey) return false;
  if (role === 'ADMIN') return true;
  if (!survey.settings) return false;
  if (role === 'USER') return survey.settings.showAskKiddyUser;
  return survey.settings.showAskKiddyManager;
}

export type Sentiment = 'positive' | 'negative' | 'neutral';
export const SENTIMENTS: readonly Sentiment[] = ['positive', 'negative', 'neutral'];
const SENTIMENT_OF: Record<CommentType, Sentiment> = {
  POSITIVE: 'positive',
  NEGATIVE: 'negative',
  NEUTRAL: 'neutral',
};
const TREND_HEADING: Record<Sentiment, 'better' | 'worse' | 'important'> = {
  positive: 'better',
  negative: 'worse',
  neutral: 'important',
};

/** The heading of a sentiment group: better, worse, important in a trend survey. */
export const sentimentHeading = (sentiment: Sentiment, trend: boolean) =>
  trend ? TREND_HEADING[sentiment] : sentiment;

export interface RankedComment {
  id: string;
  type: CommentType;
  rank: number;
}

/** Comments by sentiment, each group best first; empty groups are left out. */
export function groupBySentiment<C extends RankedComment>(
  comments: readonly C[],
): { sentiment: Sentiment; comments: C[] }[] {
  return SENTIMENTS.map((sentiment) => ({
    sentiment,
    comments: comments
      .filter((comment) => SENTIMENT_OF[comment.type] === sentiment)
      .sort((a, b) => a.rank - b.rank),
  })).filter((group) => group.comments.length > 0);
}

/** The first 4 of a group, or all of them when expanded. */
export const shownComments = <C>(comments: readonly C[], expanded: boolean): C[] =>
  expanded ? [...comments] : comments.slice(0, COMMENTS_PER_GROUP);

export const hasRankBadge = (rank: number): boolean => rank >= 1 && rank <= RANK_BADGES;

export type AskErrorKind = 'forbidden' | 'noIndex' | 'retry' | 'noRetry';

/** 403 contact support, 404 no search index; anything else may be retried below 3 retries. */
export function askErrorKind(code: string | undefined, retries: number): AskErrorKind {
  if (code === 'FORBIDDEN') return 'forbidden';
  if (code === 'NOT_FOUND') return 'noIndex';
  return retries < MAX_RETRIES ? 'retry' : 'noRetry';
}

/** The questions of a thread as the address keeps them (`q`, repeated, oldest first). */
export const threadOf = (params: URLSearchParams): string[] =>
  params.getAll('q').filter((question) => questionProblem(question) === null);

/** The address of a thread: the other parameters kept, the questions replaced. */
export function withThread(params: URLSearchParams, questions: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('q');
  for (const question of questions) next.append('q', question);
  return next;
}

/** A marker `[id]` in a provider's answer text, to become a link to the cited comment. */
export interface AnswerPart {
  text: string;
  commentId?: string;
}

/** Splits an answer at `[comment-id]` markers of comments that were found; other brackets stay text. */
export function answerParts(answer: string, commentIds: ReadonlySet<string>): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const match of answer.matchAll(/\[([^\]\s]+)\]/g)) {
    const id = match[1] ?? '';
    if (!commentIds.has(id)) continue;
    if (match.index > last) parts.push({ text: answer.slice(last, match.index) });
    parts.push({ text: match[0], commentId: id });
    last = match.index + match[0].length;
  }
  if (last < answer.length) parts.push({ text: answer.slice(last) });
  return parts;
}

/** The DOM id of a comment in one answer of the thread (`scope`), the target of its citations. */
export const commentAnchor = (scope: string, id: string) => `ask-${scope}-comment-${id}`;
