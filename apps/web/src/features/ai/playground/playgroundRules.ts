// The playground's rules (reporting.md sections 2, 3 and 4): three sections, the observation factors
// 2..31 and 99, per-factor summaries, the full summary's refusals, the chat's input checks.
import type { CommentType } from '../../../__generated__/graphql';

export const PLAYGROUND_SECTIONS: readonly CommentType[] = ['POSITIVE', 'NEGATIVE', 'NEUTRAL'];

/** Criteria 2..31 and 99 ("Something else"). */
export const OBSERVATION_FACTORS: readonly number[] = [
  ...Array.from({ length: 30 }, (_, i) => i + 2),
  99,
];

export type FactorState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; summary: string; count: number }
  | { status: 'error'; message: string };

export type FactorStates = Record<number, FactorState>;

export const idleFactors = (): FactorStates =>
  Object.fromEntries(OBSERVATION_FACTORS.map((id) => [id, { status: 'idle' } as FactorState]));

/**
 * The single-summary button is disabled when a summary exists, is not an error, and its comment
 * count is 0 (nothing to summarise); also while the factor loads.
 */
export function singleSummaryDisabled(state: FactorState): boolean {
  return state.status === 'loading' || (state.status === 'done' && state.count === 0);
}

export type FullSummaryRefusal = 'whileLoading' | 'noSummaries';

/** Why a full summary cannot be asked for now; null when it can. */
export function fullSummaryRefusal(states: FactorStates): FullSummaryRefusal | null {
  const all = Object.values(states);
  if (all.some((state) => state.status === 'loading')) return 'whileLoading';
  if (!all.some((state) => state.status === 'done' && state.count > 0)) return 'noSummaries';
  return null;
}

/**
 * "All factors" asks 31 summaries in a row, more than the API's default 20 AI calls a minute per
 * account: a factor answered RATE_LIMITED is asked again after this wait, a few times, instead of
 * ending as an error.
 */
export const RATE_LIMIT_WAIT_MS = 10_000;
export const RATE_LIMIT_RETRIES = 7;

/** The default and the range of the chat's comment amount. */
export const CHAT_DEFAULT_AMOUNT = 15;
export const CHAT_MIN_AMOUNT = 1;
export const CHAT_MAX_AMOUNT = 100;
/** The playground searches hybrid with this similarity floor (reporting.md section 7). */
export const CHAT_SIMILARITY = 0.3;

export type ChatInputProblem = 'emptyQuestion' | 'amountRange';

/** The chat's checks: a question, and an amount of 1..100. */
export function chatInputProblem(
  question: string,
  amount: number | string,
): ChatInputProblem | null {
  if (question.trim() === '') return 'emptyQuestion';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isInteger(value) || value < CHAT_MIN_AMOUNT || value > CHAT_MAX_AMOUNT)
    return 'amountRange';
  return null;
}
