// Each unit's L-index against the whole survey's, gated like every report (the Supervisors page,
// issue 32): a unit the gate hides has no index, only its reason (belowThreshold or differencing).
// Summed from the cell statistics where they answer (the page reads it every few seconds while a
// send runs, and the send job once), else from the rows.
import type { AuthUser } from '../../../lib/auth.js';
import type { SuppressionReason } from '../gate.js';
import { histogramOf } from '../cell-stats/index.js';
import { breakdownRows, groupsOf } from '../groups.js';
import { histogram } from '../queries.js';
import { reportQuery, UNIT_KEYS } from '../schemas.js';
import { resolve, type ReportContext } from '../sets.js';
import { reportTexts } from '../texts.js';

export interface GatedIndex {
  /** Null when hidden. */
  lindex: number | null;
  reason: SuppressionReason | null;
  /** Released responses of the group. */
  n: number;
}

export interface UnitIndexes {
  company: GatedIndex;
  /** By unit id, for every unit with released responses on the asked levels. */
  units: Map<string, GatedIndex>;
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function unitIndexes(
  ctx: ReportContext,
  user: AuthUser,
  surveyId: string,
  levels: readonly number[],
): Promise<UnitIndexes> {
  const query = reportQuery.parse({ sets: [{ surveyId }] });
  const t = reportTexts(query);
  const [set] = await resolve(ctx, user, query, t);
  const company: GatedIndex =
    set && !set.reason
      ? {
          lindex: round(
            (set.sums
              ? histogramOf(set.sums, 'lindex')
              : await histogram(ctx.db, set.condition, 'lindex')
            ).mean,
          ),
          reason: null,
          n: set.n,
        }
      : { lindex: null, reason: set?.reason ?? 'belowThreshold', n: set?.n ?? 0 };
  const units = new Map<string, GatedIndex>();
  if (!set?.survey) return { company, units };
  for (const level of levels) {
    const key = UNIT_KEYS[level - 1];
    if (!key) continue;
    const rows = await breakdownRows(ctx, set, key, ['lindex']);
    for (const group of groupsOf(set, key, rows, t)) {
      if (!group.row.key) continue;
      const mean = group.row.stats.lindex?.mean;
      units.set(
        group.row.key,
        group.reason || mean === undefined
          ? { lindex: null, reason: group.reason ?? 'belowThreshold', n: group.n }
          : { lindex: round(mean), reason: null, n: group.n },
      );
    }
  }
  return { company, units };
}
