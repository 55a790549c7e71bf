// Aggregates over the responses a Condition selects. Only means and counts leave the service;
// the per-participant lists here (numberLists) are summed up in formulas.ts and never answered.
import type { Db } from '../../lib/db.js';
import { isUnitKey, unitLevel, BACKGROUND, type BackgroundKey, type GroupKey } from './schemas.js';
import { Params, type Condition } from './filters.js';
import { bandConditions, binConditions, rangeCounts } from './formulas.js';

async function one<T>(db: Db, build: (p: Params) => string): Promise<T> {
  const p = new Params();
  const sql = build(p);
  const [row] = await db.query<T>(sql, p.values);
  if (!row) throw new Error('aggregate without a row');
  return row;
}

async function many<T>(db: Db, build: (p: Params) => string): Promise<T[]> {
  const p = new Params();
  const sql = build(p);
  return db.query<T>(sql, p.values);
}

const pick = (row: Record<string, unknown>, prefix: string, length: number): number[] =>
  Array.from({ length }, (_, i) => Number(row[`${prefix}${i}`]));

export const countOf = async (db: Db, where: Condition): Promise<number> =>
  (
    await one<{ n: number }>(
      db,
      (p) => `SELECT count(*)::int AS n FROM responses r WHERE ${where(p)}`,
    )
  ).n;

export interface BreakdownRow {
  /** The unit id or background value; null = no unit on the level / not answered. */
  key: string | null;
  name: string | null;
  n: number;
}

/**
 * An aggregate a breakdown reads per group. `sum` columns (counts) add up, `mean` is avg(expr),
 * `concat` (string_agg of a code column) concatenates: so a group can be assembled from parts.
 */
interface Aggregate {
  alias: string;
  expr: string;
  merge: 'sum' | 'mean' | 'concat';
}

const counts = (conditions: string[], prefix: string): Aggregate[] =>
  conditions.map((c, i) => ({
    alias: `${prefix}${i}`,
    expr: `count(*) FILTER (WHERE ${c})::int`,
    merge: 'sum',
  }));

const mean = (alias: string, column: string): Aggregate => ({ alias, expr: column, merge: 'mean' });

const codes = (alias: string, column: string): Aggregate => ({
  alias,
  expr: `string_agg(${column}, '')`,
  merge: 'concat',
});

type GroupRow = BreakdownRow & Record<string, unknown>;

/** Background breakdowns: one GROUP BY over the column; groups unordered. */
function backgroundGroups(
  db: Db,
  where: Condition,
  key: BackgroundKey,
  aggregates: Aggregate[],
): Promise<GroupRow[]> {
  const column = `r.${BACKGROUND[key].column}`;
  const select = aggregates.map(({ alias, expr, merge }) =>
    merge === 'mean' ? `avg(${expr})::float8 AS ${alias}` : `${expr} AS ${alias}`,
  );
  return many<GroupRow>(
    db,
    (p) => `SELECT ${column} AS key, NULL AS name, ${['count(*)::int AS n', ...select].join(', ')}
      FROM responses r WHERE ${where(p)} GROUP BY ${column}`,
  );
}

interface UnitCombination extends Record<string, unknown> {
  units: string[];
  n: number;
}

/**
 * The selected rows grouped by their unit id list, with the aggregates (a mean as its sum). A
 * survey has few distinct unit lists (one per lowest unit: 36 on the 50,000 profile), so every
 * unit level's breakdown is assembled from these parts in JavaScript. Joining each row's unnested
 * unit ids to the level's units ran as a nested loop per row: 5 to 9 times slower on PostgreSQL
 * and PGlite (docs/report-performance.md).
 */
function unitCombinations(
  db: Db,
  where: Condition,
  aggregates: Aggregate[],
): Promise<UnitCombination[]> {
  const select = aggregates.map(({ alias, expr, merge }) =>
    merge === 'mean' ? `sum((${expr})::float8) AS ${alias}` : `${expr} AS ${alias}`,
  );
  return many<UnitCombination>(
    db,
    (p) => `SELECT ${['r.unit_ids::text[] AS units', 'count(*)::int AS n', ...select].join(', ')}
      FROM responses r WHERE ${where(p)} GROUP BY r.unit_ids`,
  );
}

/** A group assembled from unit combinations: counts and sums added, codes concatenated. */
function mergeParts(parts: UnitCombination[], aggregates: Aggregate[]): Record<string, unknown> {
  const n = parts.reduce((sum, part) => sum + part.n, 0);
  const merged: Record<string, unknown> = { n };
  for (const { alias, merge } of aggregates) {
    if (merge === 'concat') merged[alias] = parts.map((part) => part[alias] ?? '').join('');
    else {
      const total = parts.reduce((sum, part) => sum + Number(part[alias]), 0);
      merged[alias] = merge === 'mean' ? total / n : total;
    }
  }
  return merged;
}

/**
 * The breakdown of a unit level from unit combinations: one group per unit of the level with
 * anyone in it (ordered by name, as the units query answers them), then the people without a unit
 * on the level.
 */
function unitGroups(
  combinations: UnitCombination[],
  levelUnits: { id: string; name: string }[],
  aggregates: Aggregate[],
): GroupRow[] {
  const parts = new Map<string | null, UnitCombination[]>();
  const onLevel = new Set(levelUnits.map((unit) => unit.id));
  for (const combination of combinations) {
    const own = new Set(combination.units.filter((id) => onLevel.has(id)));
    for (const key of own.size > 0 ? own : [null]) {
      const list = parts.get(key) ?? [];
      list.push(combination);
      parts.set(key, list);
    }
  }
  const groups: GroupRow[] = [];
  for (const { id, name } of [...levelUnits, { id: null, name: null }]) {
    const found = parts.get(id);
    if (found) groups.push({ key: id, name, ...mergeParts(found, aggregates) } as GroupRow);
  }
  return groups;
}

/** The units of a company's level, in breakdown order. */
const levelUnits = (db: Db, companyId: string, level: number) =>
  db.query<{ id: string; name: string }>(
    'SELECT id, name FROM units WHERE company_id = $1 AND index = $2 ORDER BY lower(name), id',
    [companyId, level],
  );

/**
 * Breakdowns of the selected rows, one list of groups per key, each group with `n` and the given
 * aggregates: unit levels from one read of the unit combinations, each background variable one
 * GROUP BY. Unit groups come ordered by name (no unit last); background groups unordered.
 */
async function grouped(
  db: Db,
  where: Condition,
  keys: GroupKey[],
  companyId: string,
  aggregates: Aggregate[],
): Promise<GroupRow[][]> {
  const combinations = keys.some(isUnitKey) ? unitCombinations(db, where, aggregates) : null;
  return Promise.all(
    keys.map(async (key) => {
      if (!isUnitKey(key)) return backgroundGroups(db, where, key, aggregates);
      const [parts, units] = await Promise.all([
        combinations,
        levelUnits(db, companyId, unitLevel(key)),
      ]);
      return unitGroups(parts ?? [], units, aggregates);
    }),
  );
}

/** S-index and L-index histograms and eNPS answers of a group (see histogram, enpsCounts). */
export interface GroupStats {
  satisfaction: Histogram;
  lindex: Histogram;
  enps: number[];
}

const histogramAggregates = (column: 'satisfaction' | 'lindex'): Aggregate[] => {
  const col = `r.${column}`;
  return [
    mean(`${column}_mean`, col),
    ...counts(binConditions(col), `${column}_bin`),
    ...counts(bandConditions(col), `${column}_band`),
  ];
};

const histogramOf = (row: Record<string, unknown>, column: 'satisfaction' | 'lindex') => ({
  n: Number(row.n),
  mean: Number(row[`${column}_mean`]),
  bins: pick(row, `${column}_bin`, binConditions('').length),
  bands: pick(row, `${column}_band`, bandConditions('').length),
});

const ENPS_SCORES = Array.from({ length: 11 }, (_, score) => score);

/**
 * A breakdown with each group's histograms and eNPS answers, in one pass over the rows instead of
 * one query per group (the grouped index distributions and eNPS).
 */
export async function groupedStats(
  db: Db,
  where: Condition,
  key: GroupKey,
  companyId: string,
): Promise<(BreakdownRow & { stats: GroupStats })[]> {
  const [rows = []] = await grouped(db, where, [key], companyId, [
    ...histogramAggregates('satisfaction'),
    ...histogramAggregates('lindex'),
    ...counts(
      ENPS_SCORES.map((score) => `r.enps = ${score}`),
      'enps',
    ),
  ]);
  return rows.map((row) => ({
    key: row.key,
    name: row.name,
    n: row.n,
    stats: {
      satisfaction: histogramOf(row, 'satisfaction'),
      lindex: histogramOf(row, 'lindex'),
      enps: pick(row, 'enps', ENPS_SCORES.length),
    },
  }));
}

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

function pickCounts(picks: Uint8Array): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of picks) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

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

/**
 * An array column of every selected participant, row after row, as one flat list. The rows' code
 * columns (migration 009: one character per value, chr(27 + value)) are concatenated in SQL and
 * cross the driver as one ASCII string; the values are summed up in formulas.ts. Turning the
 * arrays into text per query, or aggregating 30 array subscripts per row in SQL, is several times
 * slower on both PostgreSQL and PGlite (docs/report-performance.md).
 */
async function numberLists(
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
function decodeCodes(codes: string): Uint8Array {
  const values = new Uint8Array(codes.length);
  for (let i = 0; i < codes.length; i += 1) values[i] = codes.charCodeAt(i) - CODE_OFFSET;
  return values;
}

/** Migration 009 writes value v as chr(27 + v). */
const CODE_OFFSET = 27;

/** The 30 realizations of every selected participant, row-major (criterion 2 first). */
export const realizationMatrix = async (db: Db, where: Condition): Promise<Uint8Array> =>
  (await numberLists(db, ['realization_codes'], where))[0] ?? new Uint8Array();

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

export type CommentType = 'positive' | 'negative' | 'neutral';

/**
 * Visible comments (never hidden ones) of the selected participants of a survey, per type, each
 * type's comments as the JSON text of the response's list (`comment`, `id`, `languageCode`,
 * `description`, `lindex`), by criterion, then oldest first, then by id. The database writes the
 * JSON and the API passes it through (RawJson): a big survey has tens of thousands of comments,
 * and reading them as rows (PGlite spends about 40 microseconds a row) or parsing and writing the
 * JSON again in the API cost more than the query itself. Each comment's fixed fields come ready
 * as `json_head` (migration 010); the query appends the description and the L-index as text.
 * `descriptions[id]` names criterion `id`; `withIndex` false leaves the L-index out (null) for a
 * small group.
 */
export async function commentLists(
  db: Db,
  surveyId: string,
  where: Condition,
  descriptions: readonly string[],
  withIndex: boolean,
): Promise<Map<CommentType, string[]>> {
  // JSON strings, so the database only concatenates. The L-index as stored (a real: 77.3, not its
  // double 77.30000305175781).
  const names = descriptions.map((description) => JSON.stringify(description));
  // A row per type and criterion, not one per type: node-postgres takes about 3 times as long
  // to read one 3 MB row as 100 rows of 30 KB (docs/report-performance.md, change 15).
  const rows = await many<{ type: CommentType; list: string }>(
    db,
    (p) => `SELECT c.type, string_agg(c.json_head
        || ',"description":' || (${p.add(names, '::text[]')})[c.criterion_id + 1]
        || ',"lindex":' || CASE WHEN ${p.add(withIndex, '::boolean')}
          THEN r.lindex::text ELSE 'null' END || '}',
        ',' ORDER BY c.created_at, c.id) AS list
      FROM comments c JOIN responses r ON r.participant_id = c.participant_id
      WHERE NOT c.hidden AND c.survey_id = ${p.add(surveyId, '::uuid')} AND ${where(p)}
      GROUP BY c.type, c.criterion_id
      ORDER BY c.type, c.criterion_id`,
  );
  const parts = new Map<CommentType, string[]>();
  for (const row of rows) {
    const list = parts.get(row.type);
    if (list) list.push(row.list);
    else parts.set(row.type, [row.list]);
  }
  // `[`, the criteria's lists with commas between them, `]`: pieces for RawJson, never joined here.
  return new Map(
    [...parts].map(([type, lists]) => [
      type,
      ['[', ...lists.flatMap((list, i) => (i ? [',', list] : [list])), ']'],
    ]),
  );
}

/** A visible comment as a row (the AI features read comments this way). */
export interface GatedComment {
  id: string;
  type: CommentType;
  criterionId: number;
  /** The criterion's name in the report language. */
  description: string;
  text: string;
  languageCode: string;
}

/**
 * The visible comments of the selected participants, in commentLists' order, with their ids;
 * `only` narrows to those ids (the rest of the gated set is not read).
 */
export async function commentRows(
  db: Db,
  surveyId: string,
  where: Condition,
  descriptions: readonly string[],
  only?: readonly string[],
): Promise<GatedComment[]> {
  const rows = await many<Omit<GatedComment, 'description'>>(
    db,
    (p) => `SELECT c.id, c.type, c.criterion_id::int AS "criterionId", c.text,
        c.language_code AS "languageCode"
      FROM comments c JOIN responses r ON r.participant_id = c.participant_id
      WHERE NOT c.hidden AND c.survey_id = ${p.add(surveyId, '::uuid')} AND ${where(p)}
        ${only ? `AND c.id = ANY(${p.add(only, '::uuid[]')})` : ''}
      ORDER BY c.type, c.criterion_id, c.created_at, c.id`,
  );
  return rows.map((row) => ({ ...row, description: descriptions[row.criterionId] ?? '' }));
}

/**
 * The ids of the visible comments of the selected participants, as commentRows selects them but
 * without their texts: one comma-separated string from the database (tens of thousands of rows
 * cost far more to read one by one; the AI search ranks only these).
 */
export async function commentIds(db: Db, surveyId: string, where: Condition): Promise<string[]> {
  const [row] = await many<{ ids: string | null }>(
    db,
    (p) => `SELECT string_agg(c.id::text, ',') AS ids
      FROM comments c JOIN responses r ON r.participant_id = c.participant_id
      WHERE NOT c.hidden AND c.survey_id = ${p.add(surveyId, '::uuid')} AND ${where(p)}`,
  );
  return row?.ids ? row.ids.split(',') : [];
}

export interface CompanyRow {
  id: string;
  name: string;
  settings: unknown;
}

export async function findCompany(db: Db, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.query<CompanyRow>(
    'SELECT id, name, settings FROM companies WHERE id = $1',
    [id],
  );
  return row;
}

export interface UnitRow {
  id: string;
  name: string;
  index: number;
}

export function units(db: Db, companyId: string): Promise<UnitRow[]> {
  return db.query<UnitRow>(
    `SELECT id, name, index FROM units WHERE company_id = $1 AND btrim(name) <> ''
     ORDER BY index, lower(name), id`,
    [companyId],
  );
}

export async function userUnitIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.query<{ unitId: string }>(
    'SELECT unit_id AS "unitId" FROM user_units WHERE user_id = $1',
    [userId],
  );
  return rows.map((row) => row.unitId);
}

export interface SurveyIndices {
  surveyId: string;
  surveyName: string;
  companyName: string;
  endDate: Date;
  n: number;
  enps: number;
  sindex: number;
  lindex: number;
}

/** eNPS, S-index and L-index of every ended survey (the admin dashboard rankings). */
export function surveyIndices(db: Db, threshold: number): Promise<SurveyIndices[]> {
  return db.query<SurveyIndices>(
    `SELECT s.id AS "surveyId", s.name AS "surveyName", c.name AS "companyName",
       s.end_date AS "endDate", count(*)::int AS n,
       (100.0 * count(*) FILTER (WHERE r.enps >= 9) / count(*)
         - 100.0 * count(*) FILTER (WHERE r.enps <= 6) / count(*))::float8 AS enps,
       avg(r.satisfaction)::float8 AS sindex, avg(r.lindex)::float8 AS lindex
     FROM responses r JOIN surveys s ON s.id = r.survey_id JOIN companies c ON c.id = s.company_id
     WHERE r.finished_at IS NOT NULL AND r.release IS NOT NULL AND s.end_date <= now()
     GROUP BY s.id, s.name, c.name, s.end_date
     HAVING count(*) >= $1`,
    [threshold],
  );
}

/** Finished participants and mean L-index per survey. */
export function lindexBySurvey(
  db: Db,
  surveyIds: readonly string[],
): Promise<{ surveyId: string; n: number; lindex: number }[]> {
  return db.query(
    `SELECT r.survey_id AS "surveyId", count(*)::int AS n, avg(r.lindex)::float8 AS lindex
     FROM responses r
     WHERE r.finished_at IS NOT NULL AND r.release IS NOT NULL AND r.survey_id = ANY($1::uuid[])
     GROUP BY r.survey_id`,
    [surveyIds],
  );
}
