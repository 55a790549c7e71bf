// One hit per text (docs/ai.md "Retrieval"): comments with the same terms (the same words after
// lower-casing, punctuation, stemming and stopwords) are one hit, and so are near-identical ones
// (term sets with a Jaccard similarity of at least `near`). The hit is the best-ranked of them and
// carries their count: every comment with the same terms among those the searcher may see, plus the
// near-identical ones met while filling the list.
import type { MemoryIndex } from './memory-index.js';

export interface CollapsedHit {
  id: string;
  score: number;
  /** How many comments the hit stands for (1 = only itself). */
  count: number;
}

/** Jaccard similarity of two term sets (each without repeats). */
export function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const set = new Set(a);
  let shared = 0;
  for (const term of b) if (set.has(term)) shared += 1;
  return shared / (a.length + b.length - shared);
}

/** Allowed comments per text group. */
function groupCounts(index: MemoryIndex, allowed: Uint8Array): Uint32Array {
  const counts = new Uint32Array(index.groupTerms.length);
  for (let i = 0; i < allowed.length; i++)
    if (allowed[i]) {
      const group = index.groups[i] as number;
      counts[group] = (counts[group] as number) + 1;
    }
  return counts;
}

/**
 * Walks `ranked` (positions, best first) and keeps at most `amount` hits, one per group; a group
 * near-identical to a kept hit's adds its count to that hit instead of being kept.
 */
export function collapse(
  index: MemoryIndex,
  allowed: Uint8Array,
  ranked: readonly number[],
  scores: ArrayLike<number>,
  amount: number,
  near: number,
): CollapsedHit[] {
  const counts = groupCounts(index, allowed);
  const kept: { hit: CollapsedHit; terms: readonly string[] }[] = [];
  const seen = new Set<number>();
  for (const position of ranked) {
    const group = index.groups[position] as number;
    if (seen.has(group)) continue;
    seen.add(group);
    const terms = index.groupTerms[group] ?? [];
    const count = counts[group] as number;
    const twin = kept.find((k) => jaccard(k.terms, terms) >= near);
    if (twin) {
      twin.hit.count += count;
      continue;
    }
    if (kept.length >= amount) break;
    kept.push({
      hit: { id: index.ids[position] as string, score: scores[position] ?? 0, count },
      terms,
    });
  }
  return kept.map((k) => k.hit);
}
