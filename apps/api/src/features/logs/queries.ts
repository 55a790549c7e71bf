import type { Db, SqlParam } from '../../lib/db.js';
import type { DeliveryEventName } from './schemas.js';
import { likePattern } from '../../lib/search.js';

/** One row of the delivery log as the REST API answers it (docs/rest-api.md, Logging). */
export interface LogEntryDto {
  /** Stable identifier of the entry (a decimal number as text). */
  id: string;
  /** ISO 8601 UTC. */
  date: string;
  event: DeliveryEventName;
  email: string;
  subject: string;
  reason: string | null;
}

export interface LogPageDto {
  records: LogEntryDto[];
  totalRecords: number;
}

export interface LogCriteria {
  event?: DeliveryEventName;
  /** Inclusive days `YYYY-MM-DD` in `timeZone`. */
  startDate?: string;
  endDate?: string;
  timeZone: string;
  query?: string;
  hasReason: boolean;
  skip: number;
  take: number;
}

function where(criteria: LogCriteria): { sql: string; params: SqlParam[] } {
  const params: SqlParam[] = [];
  const clauses: string[] = [];
  const param = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (criteria.event) clauses.push(`event = ${param(criteria.event)}`);
  if (criteria.startDate || criteria.endDate) {
    const zone = param(criteria.timeZone);
    if (criteria.startDate)
      clauses.push(
        `created_at >= (${param(criteria.startDate)}::date)::timestamp AT TIME ZONE ${zone}`,
      );
    if (criteria.endDate)
      clauses.push(
        `created_at < (${param(criteria.endDate)}::date + 1)::timestamp AT TIME ZONE ${zone}`,
      );
  }
  if (criteria.query) {
    const pattern = param(likePattern(criteria.query));
    clauses.push(`(email ILIKE ${pattern} ESCAPE '\\' OR subject ILIKE ${pattern} ESCAPE '\\')`);
  }
  if (criteria.hasReason) clauses.push(`reason IS NOT NULL AND reason <> ''`);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * Newest first (ties by insertion order), served by the (created_at, id) indexes of 005_logs.sql.
 * ORDER BY names the table's columns: a bare `id` would sort by the text alias of the output.
 */
export async function findLogEntries(db: Db, criteria: LogCriteria): Promise<LogPageDto> {
  const filter = where(criteria);
  const n = filter.params.length;
  const [rows, counted] = await Promise.all([
    db.query<Omit<LogEntryDto, 'date'> & { date: Date }>(
      `SELECT id::text AS id, created_at AS date, event, email, subject, reason FROM email_log ${filter.sql}
       ORDER BY email_log.created_at DESC, email_log.id DESC OFFSET $${n + 1} LIMIT $${n + 2}`,
      [...filter.params, criteria.skip, criteria.take],
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM email_log ${filter.sql}`,
      filter.params,
    ),
  ]);
  return {
    records: rows.map((row) => ({ ...row, date: new Date(row.date).toISOString() })),
    totalRecords: counted[0]?.total ?? 0,
  };
}
