// Ranking with the survey's criteria in mind (docs/ai.md "Retrieval"): the question is routed to
// criteria (criteria-routing.ts), BM25 runs over the question's terms expanded with the routed
// criteria's terms, the vector leg is unchanged (hashed n-grams or a provider's embeddings), both
// are fused by reciprocal rank as before, and a comment filed under a routed criterion gains a bonus
// in proportion to the criterion's weight. A text filed under many criteria ("Thanks, good that
// this is asked") is about none of them and counts for less. Identical and near-identical texts are
// then collapsed into one hit that carries their count.
import {
  bm25Weighted,
  vectorPositions,
  type MemoryIndex,
  type PositionRanking,
} from './memory-index.js';
import { RRF_K } from './retrieval.js';
import { collapse, type CollapsedHit } from './collapse.js';
import { expandQuery, route, type CriteriaProfiles, type Routing } from './criteria-routing.js';
import { stage } from './stages.js';

export interface RetrievalTuning {
  /** Weight of the routed criteria's terms in BM25, times the criterion's weight. */
  expansion: number;
  /** Criteria routed to with a lower weight are ignored. */
  minRoute: number;
  /** The criterion bonus, in units of one leg's best reciprocal rank (1 / (k + 1)). */
  criterionBonus: number;
  /** Texts filed under at least this many criteria are generic ... */
  genericCriteria: number;
  /** ... and their score is multiplied by this. */
  genericFactor: number;
  /** Term-set Jaccard from which two texts are near-identical (collapsed). */
  nearIdentical: number;
}

/** Chosen on the tuning half of the labelled set only (bench/ai/queries.ts, docs/ai.md). */
export const RETRIEVAL_TUNING: RetrievalTuning = {
  expansion: 0.35,
  minRoute: 0.8,
  criterionBonus: 3,
  genericCriteria: 3,
  genericFactor: 0.5,
  nearIdentical: 0.8,
};

export interface CriteriaRankInput {
  query: string;
  /** The query's terms stemmed in each candidate language (text.ts queryTerms). */
  stems: readonly string[];
  /** The candidate languages (search-index.ts queryLanguages). */
  languages: readonly string[];
  /** The query's vector in the index's space; undefined when there is none (no vector leg). */
  vector: ArrayLike<number> | undefined;
  hybrid: boolean;
  threshold: number;
  amount: number;
}

export interface CriteriaRanking {
  hits: CollapsedHit[];
  routing: Routing;
}

/** Text scores by index position, and the positions that have one (in no particular order). */
interface TextScores {
  scores: Float64Array;
  candidates: number[];
}

/**
 * Reciprocal rank fusion over index positions: fuse() in retrieval.ts without the ids (the same
 * sums, added leg by leg in the same order, so the same scores to the bit).
 */
export function fusePositions(size: number, legs: readonly PositionRanking[]): TextScores {
  const scores = new Float64Array(size);
  const candidates: number[] = [];
  for (const { positions } of legs)
    positions.forEach((position, rank) => {
      if (scores[position] === 0) candidates.push(position);
      scores[position] = (scores[position] as number) + 1 / (RRF_K + rank + 1);
    });
  return { scores, candidates };
}

/** One leg's own scores (the vector leg alone: cosines). */
function ownScores(size: number, { positions, scores }: PositionRanking): TextScores {
  const own = new Float64Array(size);
  for (const position of positions) own[position] = scores[position] as number;
  return { scores: own, candidates: Array.from(positions) };
}

/** The fused text scores (BM25 over the expanded query and the vector leg, or the vector alone). */
function textRanking(
  index: MemoryIndex,
  allowed: Uint8Array,
  profiles: CriteriaProfiles,
  routing: Routing,
  input: CriteriaRankInput,
  tuning: RetrievalTuning,
): TextScores {
  const query = input.vector;
  const none = { positions: new Uint32Array(0), scores: new Float64Array(0) };
  const vector = query
    ? stage('vector leg', () => vectorPositions(index, allowed, query, input.threshold))
    : none;
  if (!input.hybrid) return ownScores(allowed.length, vector);
  const bm25 = stage('bm25', () => {
    const weights = expandQuery(profiles, routing, input.stems, index.vocabulary, {
      factor: tuning.expansion,
      minWeight: tuning.minRoute,
    });
    return bm25Weighted(index, allowed, weights);
  });
  return stage('fusion', () => fusePositions(allowed.length, [bm25, vector]));
}

/**
 * The final scores: the fused text score, plus the routed criteria's bonus (a comment filed under
 * one joins the candidates even without a text match), generic texts damped; candidates best first.
 */
function criteriaScores(
  index: MemoryIndex,
  allowed: Uint8Array,
  routing: Routing,
  { scores, candidates }: TextScores,
  tuning: RetrievalTuning,
) {
  const unit = tuning.criterionBonus / (RRF_K + 1);
  // By criterion id (a small array: one look-up per allowed comment, no hashing).
  const bonus: (number | undefined)[] = [];
  for (const [criterion, weight] of routing.weights)
    if (weight >= tuning.minRoute && criterion >= 0) bonus[criterion] = unit * weight;
  if (bonus.length > 0)
    for (let i = 0; i < allowed.length; i++) {
      const extra = allowed[i] ? bonus[index.criteria[i] as number] : undefined;
      if (extra === undefined) continue;
      if (scores[i] === 0) candidates.push(i);
      scores[i] = (scores[i] as number) + extra;
    }
  for (const i of candidates) {
    const group = index.groups[i] as number;
    if ((index.groupCriteria[group] as number) >= tuning.genericCriteria)
      scores[i] = (scores[i] as number) * tuning.genericFactor;
  }
  candidates.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
  return { scores, candidates };
}

export function rankWithCriteria(
  index: MemoryIndex,
  allowed: Uint8Array,
  profiles: CriteriaProfiles,
  input: CriteriaRankInput,
  tuning: RetrievalTuning = RETRIEVAL_TUNING,
): CriteriaRanking {
  const routing = stage('criteria routing', () => route(profiles, input.query, input.languages));
  const text = textRanking(index, allowed, profiles, routing, input, tuning);
  const { scores, candidates } = stage('criteria scores', () =>
    criteriaScores(index, allowed, routing, text, tuning),
  );
  const hits = stage('collapse', () =>
    collapse(index, allowed, candidates, scores, input.amount, tuning.nearIdentical),
  );
  return { hits, routing };
}
