import type { Db } from '../../../lib/db.js';
import { codes, grouped, mean, type BreakdownRow } from '../breakdown-queries.js';
import type { Condition } from '../filters.js';
import { decodeCodes } from '../queries.js';
import type { GroupKey } from '../schemas.js';

export interface GroupRealizations extends BreakdownRow {
  /** Mean L-index of the group. */
  lindex: number;
  /** The group's realization matrix, as realizationMatrix answers it. */
  realizations: Uint8Array;
}

/**
 * Breakdowns (the same groups, names, counts and order as `breakdown`) with each group's mean
 * L-index and realization matrix: one list per key, all read together (the unit levels from one
 * read of the unit combinations) instead of one query per group.
 */
export async function groupedRealizations(
  db: Db,
  where: Condition,
  keys: GroupKey[],
  companyId: string,
): Promise<GroupRealizations[][]> {
  const breakdowns = await grouped(db, where, keys, companyId, [
    mean('lindex', 'r.lindex'),
    codes('v', 'r.realization_codes'),
  ]);
  return breakdowns.map((rows) =>
    rows.map(({ v, ...row }) => ({
      key: row.key,
      name: row.name,
      n: row.n,
      lindex: Number(row.lindex),
      realizations: decodeCodes(typeof v === 'string' ? v : ''),
    })),
  );
}
