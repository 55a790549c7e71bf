import type { Db, SqlParam } from '../../lib/db.js';
import { completeSettings, type CompanySettings, type OrderColumn } from './schemas.js';
import { likePattern } from '../../lib/search.js';

/** A company as the REST API answers it (docs/rest-api.md, Companies). */
export interface CompanyDto {
  id: string;
  name: string;
  industryId: string;
  sizeId: string;
  /** Every flag of section 3, unset ones filled with the defaults of section 4. */
  settings: CompanySettings;
  /** ISO 8601 UTC. */
  created: string;
}

export interface CompanyPageDto {
  records: CompanyDto[];
  totalRecords: number;
}

export interface UnitDto {
  id: string;
  /** Level 1..10. */
  index: number;
  name: string;
  /** The unit one level up it belongs to, if any. */
  parentId: string | null;
}

export interface UnitRow extends UnitDto {
  companyId: string;
}

/** A survey as a company's survey list shows it: enough to pick one (the dashboard's choices). */
export interface CompanySurveyDto {
  id: string;
  name: string;
  created: Date;
  invitesSent: Date | null;
  finished: Date | null;
  hasStarted: boolean;
  hasEnded: boolean;
  baseSurveyId: string | null;
}

export interface CompanyWithSurveysDto {
  id: string;
  name: string;
  surveys: CompanySurveyDto[];
}

/**
 * Which companies a user sees: every company (Admin), the assigned ones (PartnerAdmin) or the own
 * one (SuperUser, User). `all` skips the filter.
 */
export type Visibility = { all: true } | { all: false; ids: string[] };

interface CompanyRow {
  id: string;
  name: string;
  industryId: string;
  sizeId: string;
  settings: unknown;
  created: Date | string;
}

const COMPANY = `id, name, industry_id AS "industryId", size_id AS "sizeId", settings,
  created_at AS "created"`;

const toDto = (row: CompanyRow): CompanyDto => ({
  id: row.id,
  name: row.name,
  industryId: row.industryId,
  sizeId: row.sizeId,
  settings: completeSettings(row.settings),
  created: new Date(row.created).toISOString(),
});

const ORDER: Record<OrderColumn, string> = {
  name: 'lower(name)',
  industry: 'industry_id',
  size: 'size_id',
  created: 'created_at',
};

/** The ids of the companies a user may see (not used for Admin). */
export async function visibleCompanyIds(
  db: Db,
  user: { id: string; role: string; companyId: string | null },
): Promise<string[]> {
  if (user.role === 'PartnerAdmin') {
    const rows = await db.query<{ companyId: string }>(
      'SELECT company_id AS "companyId" FROM user_companies WHERE user_id = $1',
      [user.id],
    );
    return rows.map((row) => row.companyId);
  }
  return user.companyId ? [user.companyId] : [];
}

function visibleClause(visibility: Visibility, params: SqlParam[]): string {
  if (visibility.all) return 'true';
  params.push(visibility.ids);
  return `id = ANY($${params.length}::uuid[])`;
}

export async function listCompanies(db: Db, visibility: Visibility): Promise<CompanyDto[]> {
  const params: SqlParam[] = [];
  const rows = await db.query<CompanyRow>(
    `SELECT ${COMPANY} FROM companies WHERE ${visibleClause(visibility, params)}
     ORDER BY lower(name), id`,
    params,
  );
  return rows.map(toDto);
}

export async function findCompanyPage(
  db: Db,
  visibility: Visibility,
  criteria: {
    query?: string;
    order: OrderColumn;
    direction: 'ASC' | 'DESC';
    skip: number;
    take: number;
  },
): Promise<CompanyPageDto> {
  const params: SqlParam[] = [];
  const clauses = [visibleClause(visibility, params)];
  if (criteria.query) {
    params.push(likePattern(criteria.query));
    // Industry and size ids are searched too, so 'ict' or '1000' find their companies.
    clauses.push(
      `(name ILIKE $${params.length} OR industry_id ILIKE $${params.length} OR size_id ILIKE $${params.length})`,
    );
  }
  const where = clauses.join(' AND ');
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*) AS total FROM companies WHERE ${where}`,
    params,
  );
  const direction = criteria.direction === 'DESC' ? 'DESC' : 'ASC';
  const rows = await db.query<CompanyRow>(
    `SELECT ${COMPANY} FROM companies WHERE ${where}
     ORDER BY ${ORDER[criteria.order]} ${direction}, lower(name) ${direction}, id
     OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
    [...params, criteria.skip, criteria.take],
  );
  return { records: rows.map(toDto), totalRecords: Number(count?.total ?? 0) };
}

export async function findCompany(db: Db, id: string): Promise<CompanyDto | undefined> {
  const rows = await db.query<CompanyRow>(`SELECT ${COMPANY} FROM companies WHERE id = $1`, [id]);
  return rows[0] ? toDto(rows[0]) : undefined;
}

export async function insertCompany(
  db: Db,
  company: { name: string; industryId: string; sizeId: string; settings: CompanySettings },
): Promise<CompanyDto> {
  const [row] = await db.query<CompanyRow>(
    `INSERT INTO companies (name, industry_id, size_id, settings) VALUES ($1, $2, $3, $4)
     RETURNING ${COMPANY}`,
    [company.name, company.industryId, company.sizeId, company.settings],
  );
  if (!row) throw new Error('company not created');
  return toDto(row);
}

export async function updateCompany(
  db: Db,
  company: {
    id: string;
    name: string;
    industryId: string;
    sizeId: string;
    settings: CompanySettings;
  },
): Promise<CompanyDto | undefined> {
  const [row] = await db.query<CompanyRow>(
    `UPDATE companies SET name = $2, industry_id = $3, size_id = $4, settings = $5 WHERE id = $1
     RETURNING ${COMPANY}`,
    [company.id, company.name, company.industryId, company.sizeId, company.settings],
  );
  return row ? toDto(row) : undefined;
}

/** Locks the company row for the rest of the transaction; false when it does not exist. */
export async function lockCompany(db: Db, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [
    id,
  ]);
  return rows.length > 0;
}

export async function tableExists(db: Db, name: string): Promise<boolean> {
  const [row] = await db.query<{ present: boolean }>(
    'SELECT to_regclass($1) IS NOT NULL AS present',
    [name],
  );
  return row?.present ?? false;
}

/**
 * Deletes the company with its surveys (and, by their foreign keys, everything under them), its
 * units and the users' links to it; call inside a transaction.
 */
export async function deleteCompanyRows(db: Db, id: string): Promise<void> {
  if (await tableExists(db, 'surveys')) {
    await db.query('DELETE FROM surveys WHERE company_id = $1', [id]);
  }
  await db.query('DELETE FROM units WHERE company_id = $1', [id]);
  await db.query('DELETE FROM companies WHERE id = $1', [id]);
}

export async function findCompaniesWithSurveys(
  db: Db,
  visibility: Visibility,
  companyId?: string,
): Promise<CompanyWithSurveysDto[]> {
  const params: SqlParam[] = [];
  const clauses = [visibleClause(visibility, params)];
  if (companyId) {
    params.push(companyId);
    clauses.push(`id = $${params.length}`);
  }
  const companies = await db.query<{ id: string; name: string }>(
    `SELECT id, name FROM companies WHERE ${clauses.join(' AND ')} ORDER BY lower(name), id`,
    params,
  );
  const byCompany = new Map<string, CompanySurveyDto[]>(
    companies.map((company) => [company.id, []]),
  );
  if (companies.length > 0 && (await tableExists(db, 'surveys'))) {
    const surveys = await db.query<CompanySurveyDto & { companyId: string }>(
      `SELECT id, name, company_id AS "companyId", created_at AS "created",
              invites_sent_at AS "invitesSent", end_date AS "finished",
              invites_sent_at IS NOT NULL AS "hasStarted",
              coalesce(end_date <= now(), false) AS "hasEnded", base_survey_id AS "baseSurveyId"
         FROM surveys WHERE company_id = ANY($1::uuid[]) ORDER BY created_at DESC, id`,
      [companies.map((company) => company.id)],
    );
    for (const { companyId, ...survey } of surveys) byCompany.get(companyId)?.push(survey);
  }
  return companies.map((company) => ({
    id: company.id,
    name: company.name,
    surveys: byCompany.get(company.id) ?? [],
  }));
}

export async function findUnits(db: Db, companyId: string): Promise<UnitDto[]> {
  return db.query<UnitDto>(
    `SELECT id, index, name, parent_id AS "parentId"
       FROM units WHERE company_id = $1 ORDER BY index, lower(name), id`,
    [companyId],
  );
}

/** The units with a name, by level: what reports name and offer for filtering. */
export function findNamedUnits(
  db: Db,
  companyId: string,
): Promise<Pick<UnitDto, 'id' | 'name' | 'index'>[]> {
  return db.query(
    `SELECT id, name, index FROM units WHERE company_id = $1 AND btrim(name) <> ''
     ORDER BY index, lower(name), id`,
    [companyId],
  );
}

/** The units of a company's level, in breakdown order. */
export function findLevelUnits(
  db: Db,
  companyId: string,
  level: number,
): Promise<Pick<UnitDto, 'id' | 'name'>[]> {
  return db.query(
    'SELECT id, name FROM units WHERE company_id = $1 AND index = $2 ORDER BY lower(name), id',
    [companyId, level],
  );
}

/** Adds a unit, or answers the id of the one with the same level and name (any letter case). */
export async function insertUnit(
  db: Db,
  unit: { companyId: string; index: number; name: string; parentId?: string | null },
): Promise<{ id: string; created: boolean }> {
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO units (company_id, index, name, parent_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (company_id, index, lower(name)) DO NOTHING RETURNING id`,
    [unit.companyId, unit.index, unit.name, unit.parentId ?? null],
  );
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [existing] = await db.query<{ id: string }>(
    'SELECT id FROM units WHERE company_id = $1 AND index = $2 AND lower(name) = lower($3)',
    [unit.companyId, unit.index, unit.name],
  );
  if (!existing) throw new Error('unit neither created nor found');
  return { id: existing.id, created: false };
}

export async function findUnit(db: Db, id: string): Promise<UnitRow | undefined> {
  const [unit] = await db.query<UnitRow>(
    `SELECT id, company_id AS "companyId", index, name, parent_id AS "parentId"
       FROM units WHERE id = $1`,
    [id],
  );
  return unit;
}

/** Renames a unit and sets its parent; false when another unit of its level has the name. */
export async function updateUnit(
  db: Db,
  unit: { id: string; name: string; parentId: string | null },
): Promise<boolean> {
  const [taken] = await db.query<{ id: string }>(
    `SELECT other.id FROM units other JOIN units self ON self.id = $1
      WHERE other.company_id = self.company_id AND other.index = self.index
        AND lower(other.name) = lower($2) AND other.id <> self.id`,
    [unit.id, unit.name],
  );
  if (taken) return false;
  await db.query('UPDATE units SET name = $2, parent_id = $3 WHERE id = $1', [
    unit.id,
    unit.name,
    unit.parentId,
  ]);
  return true;
}

/** Whether a participant or a stored answer names the unit (deleting it would orphan them). */
export async function unitInUse(db: Db, id: string): Promise<boolean> {
  const [used] = await db.query<{ used: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM participants WHERE unit_ids @> ARRAY[$1::uuid])
         OR EXISTS (SELECT 1 FROM responses WHERE unit_ids @> ARRAY[$1::uuid]) AS used`,
    [id],
  );
  return used?.used ?? false;
}

export async function deleteUnit(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM units WHERE id = $1', [id]);
}
