import type { Db } from '../../../lib/db.js';
import type { Condition } from '../filters.js';
import { one } from '../queries.js';

export async function changeJob(
  db: Db,
  where: Condition,
): Promise<{ count: number; willingToChangeJobCount: number }> {
  return one(
    db,
    (p) => `SELECT count(*)::int AS count,
      count(*) FILTER (WHERE r.change_job)::int AS "willingToChangeJobCount"
      FROM responses r WHERE ${where(p)}`,
  );
}
