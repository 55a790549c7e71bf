// Follow-ups carry the thread: the earlier questions of an Ask thread narrow the next search. The
// question and the thread are ranked apart and fused by reciprocal rank, the question first
// (weight 2): a comment that answers both rises, one that only matches the thread cannot outrank
// the question's own best. This is the one place where the thread meets retrieval; the scoring
// itself (rank, fuse) belongs to search/.
import type { MemoryIndex } from '../search/memory-index.js';
import { fuse } from '../search/retrieval.js';
import { rank, type Ranking, type SearchOptions } from '../search/search-index.js';

/** At most this many earlier questions narrow a follow-up (the newest). */
export const THREAD_DEPTH = 3;

export async function rankInThread(
  memory: MemoryIndex,
  allowed: Uint8Array,
  options: SearchOptions,
  previousQuestions: readonly string[],
): Promise<Ranking> {
  const thread = previousQuestions.slice(-THREAD_DEPTH).join('\n').trim();
  if (!thread) return rank(memory, allowed, options);
  // Wider lists than asked, so the fusion has room; cut to `amount` after it.
  const wide = { ...options, amount: Math.max(options.amount * 3, 50) };
  const [own, context] = await Promise.all([
    rank(memory, allowed, wide),
    rank(memory, allowed, { ...wide, query: thread }),
  ]);
  // The fused order, each hit keeping its collapsed count (search/collapse.ts).
  const counts = new Map([...context.ranked, ...own.ranked].map((hit) => [hit.id, hit.count]));
  const ranked = fuse([own.ranked, own.ranked, context.ranked])
    .slice(0, options.amount)
    .map((hit) => ({ ...hit, count: counts.get(hit.id) ?? 1 }));
  return { ...own, ranked };
}
