// The embedded default engine: no provider, no network, nothing invented. Summaries are extractive,
// translation is declined with the detected language, the vector leg is hashed character n-grams,
// and answers are the ranked comments with their key terms and follow-ups from what was found.
import type {
  AiComment,
  AiEngine,
  AnswerRequest,
  AnswerResult,
  FullSummaryRequest,
  Hit,
  SummaryRequest,
  SummaryResult,
  TranslateResult,
} from '../engine.js';
import { extract } from './extractive.js';
import { phrases, type Phrases } from './phrases.js';
import { ngramVector } from '../../search/retrieval.js';
import { detectLanguage, words } from '../../search/text.js';

const EMBEDDED = 'embedded' as const;
const quote = (text: string) => `“${text.trim()}”`;

/** The criteria of `comments` by how many comments each has, most first (named ones only). */
function criterionCounts(comments: readonly AiComment[]): [name: string, count: number][] {
  const counts = new Map<string, number>();
  for (const comment of comments)
    if (comment.description !== '')
      counts.set(comment.description, (counts.get(comment.description) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const topCriteria = (comments: readonly AiComment[], count: number): string[] =>
  criterionCounts(comments)
    .slice(0, count)
    .map(([name]) => name);

/**
 * What the answer says about the hits: how many were found, and for the three largest criteria
 * the counted share of them ("4 of the 10 comments concern Pay and benefits"). No uncounted word
 * such as "most": every number is a count of the listed comments.
 */
function countedLines(p: Phrases, hits: readonly Hit[]): string[] {
  const shares =
    hits.length >= 2
      ? criterionCounts(hits)
          .slice(0, 3)
          .map(([name, count]) => p.share(count, hits.length, name))
      : [];
  return [p.found(hits.length), ...shares];
}

export function embeddedEngine(): AiEngine {
  return {
    kind: EMBEDDED,
    chatModel: null,
    embeddingModel: null,

    async summarize({ comments, languageCode }: SummaryRequest): Promise<SummaryResult> {
      const p = phrases(languageCode);
      const produced = { engine: EMBEDDED, method: 'extractive-mmr', model: null };
      if (comments.length === 0) return { text: '', keyPhrases: [], commentIds: [], produced };
      const { representative, keyPhrases } = extract(comments, 3);
      const lines = [
        p.extractiveLabel,
        ...(keyPhrases.length ? [`${p.keyPhrases}: ${keyPhrases.join(', ')}.`] : []),
        ...representative.map((item) => `- ${quote(item.text)}`),
      ];
      return {
        text: lines.join('\n'),
        keyPhrases,
        commentIds: representative.map((item) => item.id),
        produced,
      };
    },

    async fullSummary({ summaries, languageCode }: FullSummaryRequest): Promise<SummaryResult> {
      const p = phrases(languageCode);
      const text = [
        p.fullSummaryLabel,
        ...summaries.map((summary) => `${summary.topic}:\n${summary.text}`),
      ].join('\n\n');
      return {
        text,
        keyPhrases: [],
        commentIds: [],
        produced: { engine: EMBEDDED, method: 'extractive-concatenation', model: null },
      };
    },

    async translate(comments, languageCode): Promise<TranslateResult> {
      return {
        items: await Promise.all(
          comments.map(async (comment) => {
            const detected = await detectLanguage(comment.text);
            return {
              commentId: comment.id,
              translatedText: null,
              originalText: comment.text,
              originalTextLanguage: detected.language,
              originalTextConfidence: detected.confidence,
            };
          }),
        ),
        message: phrases(languageCode).translationNeedsModel,
        produced: { engine: EMBEDDED, method: 'language-detection-only', model: null },
      };
    },

    async embed(texts) {
      return {
        vectors: texts.map((text) => ngramVector(words(text))),
        produced: { engine: EMBEDDED, method: 'hashed-char-ngrams', model: null },
      };
    },

    async answer({ hits, languageCode, previousQuestions }: AnswerRequest): Promise<AnswerResult> {
      const p = phrases(languageCode);
      const produced = { engine: EMBEDDED, method: 'ranked-extractive-answer', model: null };
      const previous = previousQuestions?.at(-1);
      const thread = previous ? [p.narrowed(previous)] : [];
      if (hits.length === 0)
        return {
          response: [p.none, ...thread].join('\n'),
          entities: [],
          citedIds: [],
          followUpQuestions: [],
          produced,
        };
      const { keyPhrases } = extract(hits.slice(0, 30), 0, 8);
      const response = [
        ...countedLines(p, hits),
        ...thread,
        ...(keyPhrases.length ? [`${p.keyTerms}: ${keyPhrases.join(', ')}.`] : []),
        ...hits.slice(0, 3).map((hit) => `- ${quote(hit.text)}`),
      ].join('\n');
      // Follow-ups from what was found: the other side of the main criteria, and the key terms.
      const negative = topCriteria(
        hits.filter((hit) => hit.type === 'negative'),
        2,
      );
      const positive = topCriteria(
        hits.filter((hit) => hit.type === 'positive'),
        1,
      );
      const followUpQuestions = [
        ...negative.map(p.followNegative),
        ...positive.map(p.followPositive),
        ...keyPhrases.slice(0, 1).map(p.followTerm),
      ].slice(0, 4);
      return {
        response,
        entities: keyPhrases,
        citedIds: hits.map((hit) => hit.id),
        followUpQuestions,
        produced,
      };
    },
  };
}
