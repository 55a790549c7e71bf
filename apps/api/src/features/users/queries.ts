import type { Role } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import type { OrderColumn } from './schemas.js';

export interface UserCompany {
  id: string;
  name: string;
}

export interface UserUnit {
  id: string;
  index: number;
  name: string;
}

/** `GET /user/{id}` and each record of `GET /user/{skip}/{take}` (docs/rest-api.md, Users). */
export interface User {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  language: string;
  twoFactorEnabled: boolean;
  emailConfirmed: boolean;
  /** The company a SuperUser or User belongs to (null for Admin and PartnerAdmin). */
  companyId: string | null;
  company: UserCompany | null;
  /** Companies assigned to a PartnerAdmin. */
  companies: UserCompany[];
  /** Units the user is limited to. */
  units: UserUnit[];
}

/** Companies whose users a caller manages; 'all' for Admin. */
export type Scope = 'all' | readonly string[];

// One row with its relations as JSON, so a page of users is one statement.
const USER = `u.id, u.email, u.display_name AS "displayName", u.role, u.language,
  u.two_factor_enabled AS "twoFactorEnabled", u.email_confirmed AS "emailConfirmed",
  u.company_id AS "companyId",
  CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', c.name) END AS company,
  coalesce((SELECT json_agg(json_build_object('id', ac.id, 'name', ac.name) ORDER BY ac.name, ac.id)
     FROM user_companies uc JOIN companies ac ON ac.id = uc.company_id
     WHERE uc.user_id = u.id), '[]'::json) AS companies,
  coalesce((SELECT json_agg(json_build_object('id', un.id, 'index', un.index, 'name', un.name)
       ORDER BY un.index, un.name, un.id)
     FROM user_units uu JOIN units un ON un.id = uu.unit_id
     WHERE uu.user_id = u.id), '[]'::json) AS units`;

const FROM = 'FROM users u LEFT JOIN companies c ON c.id = u.company_id';

const ORDER: Record<OrderColumn, string> = {
  email: 'lower(u.email)',
  displayName: 'lower(u.display_name)',
  role: 'u.role',
  language: 'u.language',
  emailConfirmed: 'u.email_confirmed',
  company: 'lower(c.name)',
};

/** A `WHERE` part limiting users to a scope, with its parameters numbered from `next`. */
function scopeCondition(scope: Scope, next: number): { sql: string; params: string[][] } {
  if (scope === 'all') return { sql: 'true', params: [] };
  return { sql: `u.company_id = ANY($${next}::uuid[])`, params: [[...scope]] };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the users in the scope whose role is one of `roles`. */
export async function listUsers(
  db: Db,
  scope: Scope,
  roles: readonly Role[],
  page: {
    skip: number;
    take: number;
    query?: string;
    orderBy: OrderColumn;
    direction: 'ASC' | 'DESC';
  },
): Promise<{ records: User[]; totalRecords: number }> {
  const where = scopeCondition(scope, 1);
  const params: (string | number | string[])[] = [...where.params, [...roles]];
  const roleCondition = `u.role = ANY($${params.length}::text[])`;
  let filter = '';
  const term = page.query?.trim();
  if (term) {
    params.push(`%${escapeLike(term)}%`);
    const p = `$${params.length}`;
    filter = ` AND (u.email ILIKE ${p} OR u.display_name ILIKE ${p} OR u.role ILIKE ${p}
      OR c.name ILIKE ${p})`;
  }
  const condition = `WHERE ${where.sql} AND ${roleCondition}${filter}`;
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total ${FROM} ${condition}`,
    params,
  );
  params.push(page.take, page.skip);
  const records = await db.query<User>(
    `SELECT ${USER} ${FROM} ${condition}
     ORDER BY ${ORDER[page.orderBy]} ${page.direction} NULLS LAST, u.id
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { records, totalRecords: count?.total ?? 0 };
}

export async function findUser(db: Db, id: string): Promise<User | undefined> {
  const rows = await db.query<User>(`SELECT ${USER} ${FROM} WHERE u.id = $1`, [id]);
  return rows[0];
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const rows = await db.query<User>(`SELECT ${USER} ${FROM} WHERE lower(u.email) = lower($1)`, [
    email,
  ]);
  return rows[0];
}

export async function emailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM users WHERE lower(email) = lower($1) AND id IS DISTINCT FROM $2::uuid',
    [email, exceptId ?? null],
  );
  return rows.length > 0;
}

/** The companies a PartnerAdmin is assigned to. */
export async function assignedCompanyIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'SELECT company_id AS id FROM user_companies WHERE user_id = $1',
    [userId],
  );
  return rows.map((row) => row.id);
}

/** Which of `ids` are existing companies. */
export async function existingCompanyIds(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM companies WHERE id = ANY($1::uuid[])',
    [[...ids]],
  );
  return rows.map((row) => row.id);
}

/** Which of `ids` are units of the company. */
export async function unitIdsOfCompany(
  db: Db,
  companyId: string,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM units WHERE company_id = $1 AND id = ANY($2::uuid[])',
    [companyId, [...ids]],
  );
  return rows.map((row) => row.id);
}

export async function insertUser(
  db: Db,
  user: {
    email: string;
    displayName: string;
    role: Role;
    language: string;
    companyId: string | null;
  },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO users (email, display_name, role, language, company_id, email_confirmed)
     VALUES ($1, $2, $3, $4, $5, false) RETURNING id`,
    [user.email, user.displayName, user.role, user.language, user.companyId],
  );
  if (!row) throw new Error('user not inserted');
  return row.id;
}

export async function updateUser(
  db: Db,
  user: {
    id: string;
    email: string;
    displayName: string;
    role: Role;
    language: string;
    twoFactorEnabled: boolean;
  },
): Promise<void> {
  await db.query(
    `UPDATE users SET email = $2, display_name = $3, role = $4, language = $5,
       two_factor_enabled = $6
     WHERE id = $1`,
    [user.id, user.email, user.displayName, user.role, user.language, user.twoFactorEnabled],
  );
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM users WHERE id = $1', [id]);
}

/** The units a user is limited to (none: the whole company). */
export async function findUserUnitIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.query<{ unitId: string }>(
    'SELECT unit_id AS "unitId" FROM user_units WHERE user_id = $1',
    [userId],
  );
  return rows.map((row) => row.unitId);
}

export async function replaceUnits(db: Db, userId: string, unitIds: readonly string[]) {
  await db.query('DELETE FROM user_units WHERE user_id = $1', [userId]);
  if (unitIds.length === 0) return;
  await db.query(
    `INSERT INTO user_units (user_id, unit_id)
     SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
    [userId, [...unitIds]],
  );
}

export async function replaceCompanies(db: Db, userId: string, companyIds: readonly string[]) {
  await db.query('DELETE FROM user_companies WHERE user_id = $1', [userId]);
  if (companyIds.length === 0) return;
  await db.query(
    `INSERT INTO user_companies (user_id, company_id)
     SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
    [userId, [...companyIds]],
  );
}

/**
 * Keeps company links in step with a role change: a new PartnerAdmin is assigned the company it
 * belonged to; a former PartnerAdmin belongs to the first company it was assigned (by name).
 * Units go with the company membership they were chosen for.
 */
export async function moveCompanyLinks(db: Db, userId: string, from: Role, to: Role) {
  if (to === 'PartnerAdmin' && from !== 'PartnerAdmin') {
    await db.query(
      `INSERT INTO user_companies (user_id, company_id)
       SELECT id, company_id FROM users WHERE id = $1 AND company_id IS NOT NULL
       ON CONFLICT DO NOTHING`,
      [userId],
    );
    await db.query('UPDATE users SET company_id = NULL WHERE id = $1', [userId]);
    await db.query('DELETE FROM user_units WHERE user_id = $1', [userId]);
  } else if (from === 'PartnerAdmin' && to !== 'PartnerAdmin') {
    await db.query(
      `UPDATE users SET company_id = (
         SELECT c.id FROM user_companies uc JOIN companies c ON c.id = uc.company_id
         WHERE uc.user_id = $1 ORDER BY lower(c.name), c.id LIMIT 1)
       WHERE id = $1`,
      [userId],
    );
    await db.query('DELETE FROM user_companies WHERE user_id = $1', [userId]);
  }
}
