// The supervisors feature's SQL: who supervises which unit, the send runs and their packages.
import type { Db } from '../../lib/db.js';
import type { PackageStatus } from './service.js';

export interface SupervisorRow {
  unitId: string;
  id: string;
  email: string;
  displayName: string;
  role: string;
  language: string;
  tokenVersion: number;
}

/** The supervisors of the company's units (or of the given units), by unit. */
export function supervisorsOfCompany(db: Db, companyId: string): Promise<SupervisorRow[]> {
  return db.query<SupervisorRow>(
    `SELECT s.unit_id AS "unitId", u.id, u.email, u.display_name AS "displayName", u.role,
       u.language, u.token_version AS "tokenVersion"
     FROM unit_supervisors s JOIN units un ON un.id = s.unit_id
     JOIN users u ON u.id = s.user_id
     WHERE un.company_id = $1 ORDER BY lower(u.display_name), u.email`,
    [companyId],
  );
}

export interface CandidateRow {
  id: string;
  email: string;
  role: string;
  companyId: string | null;
  /** The unit limits of the account; empty: every unit of its company. */
  unitIds: string[];
}

export async function findAccounts(db: Db, ids: readonly string[]): Promise<CandidateRow[]> {
  if (ids.length === 0) return [];
  return db.query<CandidateRow>(
    `SELECT u.id, u.email, u.role, u.company_id AS "companyId",
       coalesce((SELECT array_agg(uu.unit_id::text) FROM user_units uu WHERE uu.user_id = u.id),
         '{}') AS "unitIds"
     FROM users u WHERE u.id = ANY($1::uuid[])`,
    [ids],
  );
}

export async function findAccountByEmail(db: Db, email: string): Promise<CandidateRow | null> {
  const [row] = await db.query<{ id: string }>(
    'SELECT id FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return row ? ((await findAccounts(db, [row.id]))[0] ?? null) : null;
}

export async function replaceSupervisors(db: Db, unitId: string, userIds: readonly string[]) {
  await db.query('DELETE FROM unit_supervisors WHERE unit_id = $1', [unitId]);
  if (userIds.length > 0) {
    await db.query(
      `INSERT INTO unit_supervisors (unit_id, user_id)
       SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
      [unitId, userIds],
    );
  }
}

export async function addSupervisor(db: Db, unitId: string, userId: string) {
  await db.query(
    'INSERT INTO unit_supervisors (unit_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [unitId, userId],
  );
}

/** Units the account supervises or is limited to (a User's own units). */
export async function ownUnitIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.query<{ unitId: string }>(
    `SELECT unit_id AS "unitId" FROM unit_supervisors WHERE user_id = $1
     UNION SELECT unit_id FROM user_units WHERE user_id = $1`,
    [userId],
  );
  return rows.map((row) => row.unitId);
}

export interface LastPackageRow {
  unitId: string;
  status: PackageStatus;
  createdAt: string;
  lastSentAt: string | null;
  lastSentPackageId: string | null;
}

/** Each unit's latest package of the survey, and when one was last sent and which. */
export function lastPackages(db: Db, surveyId: string): Promise<LastPackageRow[]> {
  return db.query<LastPackageRow>(
    `SELECT DISTINCT ON (unit_id) unit_id AS "unitId", status, created_at AS "createdAt",
       (SELECT max(p2.created_at) FROM supervisor_packages p2
        WHERE p2.survey_id = p.survey_id AND p2.unit_id = p.unit_id AND p2.status = 'sent')
         AS "lastSentAt",
       (SELECT p3.id FROM supervisor_packages p3
        WHERE p3.survey_id = p.survey_id AND p3.unit_id = p.unit_id AND p3.status = 'sent'
        ORDER BY p3.created_at DESC LIMIT 1) AS "lastSentPackageId"
     FROM supervisor_packages p WHERE survey_id = $1 ORDER BY unit_id, created_at DESC`,
    [surveyId],
  );
}

export interface RunRow {
  id: string;
  surveyId: string;
  total: number;
  done: number;
  sent: number;
  createdAt: string;
  finishedAt: string | null;
}

const RUN_COLUMNS = `r.id, r.survey_id AS "surveyId", r.total, r.created_at AS "createdAt",
  r.finished_at AS "finishedAt",
  (SELECT count(*)::int FROM supervisor_packages p WHERE p.run_id = r.id) AS done,
  (SELECT count(*)::int FROM supervisor_packages p WHERE p.run_id = r.id AND p.status = 'sent')
    AS sent`;

export async function latestRun(db: Db, surveyId: string): Promise<RunRow | null> {
  const [row] = await db.query<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM supervisor_runs r WHERE r.survey_id = $1
     ORDER BY r.created_at DESC LIMIT 1`,
    [surveyId],
  );
  return row ?? null;
}

export async function findRun(db: Db, id: string): Promise<RunRow | null> {
  const [row] = await db.query<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM supervisor_runs r WHERE r.id = $1`,
    [id],
  );
  return row ?? null;
}

export async function insertRun(db: Db, surveyId: string, total: number, by: string) {
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO supervisor_runs (survey_id, total, started_by) VALUES ($1, $2, $3) RETURNING id',
    [surveyId, total, by],
  );
  if (!row) throw new Error('run not created');
  return row.id;
}

export async function finishRun(db: Db, id: string) {
  await db.query(
    'UPDATE supervisor_runs SET finished_at = clock_timestamp() WHERE id = $1 AND finished_at IS NULL',
    [id],
  );
}

/** The units of a survey: those its participants are in, with their level and name. */
export function surveyUnits(db: Db, surveyId: string) {
  return db.query<{ id: string; index: number; name: string }>(
    `SELECT u.id, u.index, u.name FROM units u
     WHERE u.id IN (SELECT DISTINCT unnest(unit_ids) FROM participants WHERE survey_id = $1)
       AND u.company_id = (SELECT company_id FROM surveys WHERE id = $1)
     ORDER BY u.index, lower(u.name)`,
    [surveyId],
  );
}

export async function doneUnitIds(db: Db, runId: string): Promise<Set<string>> {
  const rows = await db.query<{ unitId: string }>(
    'SELECT unit_id AS "unitId" FROM supervisor_packages WHERE run_id = $1',
    [runId],
  );
  return new Set(rows.map((row) => row.unitId));
}

/** Inserts a unit's package row once; null when the run already has the unit (a resumed job). */
export async function insertPackage(
  db: Db,
  row: {
    runId: string;
    surveyId: string;
    unitId: string;
    status: PackageStatus;
    responses: number;
    supervisors: number;
  },
): Promise<string | null> {
  const [inserted] = await db.query<{ id: string }>(
    `INSERT INTO supervisor_packages (run_id, survey_id, unit_id, status, responses, supervisors)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (run_id, unit_id) DO NOTHING RETURNING id`,
    [row.runId, row.surveyId, row.unitId, row.status, row.responses, row.supervisors],
  );
  return inserted?.id ?? null;
}

export async function insertPdfs(
  db: Db,
  packageId: string,
  pdfs: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  for (const [language, pdf] of pdfs)
    await db.query(
      `INSERT INTO supervisor_package_pdfs (package_id, language, pdf)
       VALUES ($1, $2, decode($3, 'base64')) ON CONFLICT DO NOTHING`,
      [packageId, language, Buffer.from(pdf).toString('base64')],
    );
}

// The bytes travel as base64 text both ways: PGlite and pg agree on it, and PGlite decodes a
// large bytea value slowly (the search index does the same).

/** A package's stored PDF in a language (matched without regard to case), or null. */
export async function findPdf(db: Db, packageId: string, language: string) {
  const [row] = await db.query<{ pdf: string }>(
    `SELECT encode(pdf, 'base64') AS pdf FROM supervisor_package_pdfs
     WHERE package_id = $1 AND lower(language) = lower($2)`,
    [packageId, language],
  );
  return row ? Buffer.from(row.pdf, 'base64') : null;
}

/** A package with its survey and unit; `createdAt` an ISO date once the service has it. */
export interface PackageRow {
  id: string;
  runId: string;
  surveyId: string;
  surveyName: string;
  companyId: string;
  unitId: string;
  unitName: string;
  unitLevel: number;
  status: PackageStatus;
  responses: number;
  createdAt: string;
}

export async function findPackage(db: Db, id: string): Promise<PackageRow | null> {
  const [row] = await db.query<PackageRow>(
    `SELECT p.id, p.run_id AS "runId", p.survey_id AS "surveyId", s.name AS "surveyName",
       s.company_id AS "companyId", p.unit_id AS "unitId", u.name AS "unitName",
       u.index AS "unitLevel", p.status, p.responses, p.created_at AS "createdAt"
     FROM supervisor_packages p JOIN surveys s ON s.id = p.survey_id
     JOIN units u ON u.id = p.unit_id WHERE p.id = $1`,
    [id],
  );
  return row ?? null;
}

export async function isSupervisor(db: Db, userId: string, unitId: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM unit_supervisors WHERE user_id = $1 AND unit_id = $2',
    [userId, unitId],
  );
  return rows.length > 0;
}

/** The accounts of a company that may supervise one of its units: Users and SuperUsers. */
export function companyAccounts(
  db: Db,
  companyId: string,
): Promise<(CandidateRow & { displayName: string })[]> {
  return db.query<CandidateRow & { displayName: string }>(
    `SELECT u.id, u.email, u.display_name AS "displayName", u.role, u.company_id AS "companyId",
       coalesce((SELECT array_agg(uu.unit_id::text) FROM user_units uu WHERE uu.user_id = u.id),
         '{}') AS "unitIds"
     FROM users u WHERE u.company_id = $1 AND u.role IN ('User', 'SuperUser')
     ORDER BY lower(u.display_name), u.email`,
    [companyId],
  );
}
