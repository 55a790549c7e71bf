import type { Db } from '../../../lib/db.js';
import type { Condition } from '../filters.js';
import { many } from '../queries.js';

/** Participants per eNPS answer 0..10. */
export async function enpsCounts(db: Db, where: Condition): Promise<number[]> {
  const rows = await many<{ score: number; n: number }>(
    db,
    (p) => `SELECT r.enps::int AS score, count(*)::int AS n
      FROM responses r WHERE ${where(p)} GROUP BY r.enps`,
  );
  const counts = Array.from({ length: 11 }, () => 0);
  for (const row of rows) counts[row.score] = row.n;
  return counts;
}
