// Open comments the demo generator draws from: natural sentences per criterion and comment type in
// the three languages participants answer in. Criteria without their own sentences use the generic
// ones; a trend survey's better / worse / important comments use the trend sentences (mixed with
// the criterion's own positive and negative ones).
import { EN_BANK } from './comment-bank-en.js';
import { FI_BANK } from './comment-bank-fi.js';
import { SV_BANK } from './comment-bank-sv.js';

export type CommentType = 'positive' | 'negative' | 'neutral';

export type CommentSentences = Record<CommentType, readonly string[]>;

export interface LanguageBank {
  /** Sentences about one criterion (2..31). */
  criteria: Partial<Record<number, CommentSentences>>;
  /** Sentences that fit any criterion, including 99 "Something else". */
  generic: CommentSentences;
  /** Trend survey: positive = got better, negative = got worse, neutral = important. */
  trend: CommentSentences;
  /** Short second sentences some people add. */
  tails: readonly string[];
}

export const COMMENT_LANGUAGES = ['fi-FI', 'sv', 'en-US'] as const;
export type CommentLanguage = (typeof COMMENT_LANGUAGES)[number];

export const COMMENT_BANK: Record<CommentLanguage, LanguageBank> = {
  'fi-FI': FI_BANK,
  sv: SV_BANK,
  'en-US': EN_BANK,
};
