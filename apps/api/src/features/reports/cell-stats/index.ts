// Per-cell sufficient statistics of released batches (docs/report-performance.md, "Cell
// statistics"): read once per survey release, kept in memory for the reads after it.
import type { Db } from '../../../lib/db.js';
import { releaseBatches } from './store.js';
import { combine, type CellStats } from './sums.js';

export type { CellStats } from './sums.js';
export { groupSums, setSums } from './sums.js';
export * from './answers.js';

/** Survey releases kept in memory (a few MB each, however large the survey). */
const CACHE_SIZE = 32;

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

function newStore(db: Db): CellStatsStore {
  const cache = new Map<string, Promise<CellStats>>();
  return {
    survey(surveyId, release) {
      const key = `${surveyId}:${release}`;
      let stats = cache.get(key);
      if (!stats) {
        stats = releaseBatches(db, surveyId, release).then(combine);
        stats.catch(() => cache.delete(key));
        cache.set(key, stats);
        if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      return stats;
    },
  };
}
