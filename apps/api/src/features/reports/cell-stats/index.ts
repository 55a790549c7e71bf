// Per-cell sufficient statistics of released batches (docs/report-performance.md, "Cell
// statistics"): read once per survey release, kept in memory for the reads after it.
import type { Db } from '../../../lib/db.js';
import { releaseBatches } from './store.js';
import { combine, type CellStats } from './sums.js';

export type { CellStats } from './sums.js';
export { groupSums, setSums } from './sums.js';
export * from './answers.js';

/** Survey releases kept in memory. */
const CACHE_SIZE = 32;
/**
 * And at most this many bytes of sums: a release's size grows with the company's unit lists, not
 * with its answers (8.7 kB a block; 38 MB for 208 units of 16 teams a region, 2,000 answers).
 */
export const CACHE_BYTES = 512 * 1024 * 1024;

const bytesOf = (stats: CellStats) =>
  [...stats.families.values()].reduce((sum, family) => sum + family.sums.byteLength, 0);

export interface CellStatsStore {
  /** The statistics of a survey's batches up to `release` (made and kept when first asked). */
  survey(surveyId: string, release: number): Promise<CellStats>;
}

const stores = new WeakMap<Db, CellStatsStore>();

/**
 * The database's one store: the report routes, the Supervisors page, the send job and the AI each
 * hold a reports service, and each reading a large survey's statistics (tens of MB) again would
 * cost seconds and that memory once more.
 */
export function cellStatsStore(db: Db): CellStatsStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = newStore(db)));
  return store;
}

/** Releases in the order they were first read; the oldest go first, the newest stays. */
function newStore(db: Db, maxBytes = CACHE_BYTES): CellStatsStore {
  const cache = new Map<string, Promise<CellStats>>();
  const sizes = new Map<string, number>();
  const evict = (key: string) => {
    cache.delete(key);
    sizes.delete(key);
  };
  const fit = (newest: string) => {
    let bytes = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    for (const key of [...cache.keys()]) {
      if (cache.size <= CACHE_SIZE && bytes <= maxBytes) return;
      if (key === newest) continue;
      bytes -= sizes.get(key) ?? 0;
      evict(key);
    }
  };
  return {
    survey(surveyId, release) {
      const key = `${surveyId}:${release}`;
      let stats = cache.get(key);
      if (!stats) {
        stats = releaseBatches(db, surveyId, release).then(combine);
        cache.set(key, stats);
        stats.then(
          (made) => {
            if (cache.get(key) !== stats) return;
            sizes.set(key, bytesOf(made));
            fit(key);
          },
          () => evict(key),
        );
        fit(key);
      }
      return stats;
    },
  };
}

/** A store of its own with a byte bound (tests). */
export const boundedCellStatsStore = (db: Db, maxBytes: number): CellStatsStore =>
  newStore(db, maxBytes);
