// Aggregates over the responses a Condition selects. Only means and counts leave the service;
// the per-participant lists here (numberLists) are summed up in formulas.ts and never answered.
// The aggregates one report family alone reads sit next to it (families/*.queries.ts); the
// breakdowns' in breakdown-queries.ts.
import type { Db } from '../../lib/db.js';
import { Params, type Condition } from './filters.js';
import { rangeCounts } from './formulas.js';

export async function one<T>(db: Db, build: (p: Params) => string): Promise<T> {
  const p = new Params();
  const sql = build(p);
  const [row] = await db.query<T>(sql, p.values);
  if (!row) throw new Error('aggregate without a row');
  return row;
}

export async function many<T>(db: Db, build: (p: Params) => string): Promise<T[]> {
  const p = new Params();
  const sql = build(p);
  return db.query<T>(sql, p.values);
}

export const countOf = async (db: Db, where: Condition): Promise<number> =>
  (
    await one<{ n: number }>(
      db,
      (p) => `SELECT count(*)::int AS n FROM responses r WHERE ${where(p)}`,
    )
  ).n;

export interface Histogram {
  n: number;
  mean: number;
  /** Participants per L-/S-index bin (formulas.INDEX_BINS). */
  bins: number[];
  /** Participants per spread band, best first (formulas.BANDS). */
  bands: number[];
}

/**
 * Mean, bins and bands of `satisfaction` or of the participants' `lindex`, from one count per
 * value (at most 1,001: an L-index is a mean of 10 whole numbers): 13 FILTER counts per row cost
 * PGlite 5 times the GROUP BY. The mean is the one avg() answers: a satisfaction is whole, an
 * L-index a float4 of 0 or at least 0.1, so every product and sum here is a whole multiple of
 * 2^-27 below 2^53 (up to 670,000 participants) and adds up without rounding, in any order.
 */
export async function histogram(
  db: Db,
  where: Condition,
  column: 'satisfaction' | 'lindex',
): Promise<Histogram> {
  const counts = await many<{ value: number; n: number }>(
    db,
    (p) => `SELECT r.${column}::float8 AS value, count(*)::int AS n
      FROM responses r WHERE ${where(p)} GROUP BY r.${column}`,
  );
  const n = counts.reduce((sum, count) => sum + count.n, 0);
  const total = counts.reduce((sum, count) => sum + count.value * count.n, 0);
  return { n, mean: n === 0 ? 0 : total / n, ...rangeCounts(counts) };
}

/** How many participants picked each criterion as important (counted here, see numberLists). */
export async function importancePicks(db: Db, where: Condition): Promise<Map<number, number>> {
  const [picks] = await numberLists(db, ['importance_codes'], where);
  return pickCounts(picks ?? new Uint8Array());
}

export function pickCounts(picks: Uint8Array): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of picks) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * An array column of every selected participant, row after row, as one flat list. The rows' code
 * columns (migration 009: one character per value, chr(27 + value)) are concatenated in SQL and
 * cross the driver as one ASCII string; the values are summed up in formulas.ts. Turning the
 * arrays into text per query, or aggregating 30 array subscripts per row in SQL, is several times
 * slower on both PostgreSQL and PGlite (docs/report-performance.md).
 */
export async function numberLists(
  db: Db,
  columns: ('realization_codes' | 'importance_codes')[],
  where: Condition,
): Promise<Uint8Array[]> {
  const select = columns.map((column, i) => `string_agg(r.${column}, '') AS v${i}`);
  const row = await one<Record<string, string | null>>(
    db,
    (p) => `SELECT ${select.join(', ')} FROM responses r WHERE ${where(p)}`,
  );
  return columns.map((_, i) => decodeCodes(row[`v${i}`] ?? ''));
}

/** The values of a code string (chr(27 + value) per value). */
export function decodeCodes(codes: string): Uint8Array {
  const values = new Uint8Array(codes.length);
  for (let i = 0; i < codes.length; i += 1) values[i] = codes.charCodeAt(i) - CODE_OFFSET;
  return values;
}

/** Migration 009 writes value v as chr(27 + v). */
const CODE_OFFSET = 27;

/** The 30 realizations of every selected participant, row-major (criterion 2 first). */
export const realizationMatrix = async (db: Db, where: Condition): Promise<Uint8Array> =>
  (await numberLists(db, ['realization_codes'], where))[0] ?? new Uint8Array();
