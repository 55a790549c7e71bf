import type { Db } from '../../../lib/db.js';
import type { Condition } from '../filters.js';
import { numberLists, pickCounts } from '../queries.js';

/** importancePicks and realizationMatrix in one scan (a report that needs both). */
export async function picksAndRealizations(
  db: Db,
  where: Condition,
): Promise<{ picks: Map<number, number>; realizations: Uint8Array }> {
  const [picks, realizations] = await numberLists(
    db,
    ['importance_codes', 'realization_codes'],
    where,
  );
  return {
    picks: pickCounts(picks ?? new Uint8Array()),
    realizations: realizations ?? new Uint8Array(),
  };
}
