import type { Db } from '../../lib/db.js';
import type { Role } from '../../lib/auth.js';

export interface UserRow {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  language: string;
  passwordHash: string | null;
  emailConfirmed: boolean;
  twoFactorEnabled: boolean;
  localizedReports: boolean;
  /** locked_until lies in the future (compared by the database clock). */
  locked: boolean;
  tokenVersion: number;
}

export type CodePurpose = 'reset' | 'confirm' | 'two_factor';

const USER = `id, email, display_name AS "displayName", role, language,
  password_hash AS "passwordHash", email_confirmed AS "emailConfirmed",
  two_factor_enabled AS "twoFactorEnabled", localized_reports AS "localizedReports",
  coalesce(locked_until > now(), false) AS "locked", token_version AS "tokenVersion"`;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${USER} FROM users WHERE lower(email) = lower($1)`, [
    email,
  ]);
  return rows[0];
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${USER} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

/** Counts a failed login in one statement; the failure that reaches `max` locks the account. */
export async function recordFailedLogin(
  db: Db,
  userId: string,
  max: number,
  lockMinutes: number,
): Promise<{ locked: boolean }> {
  const [row] = await db.query<{ locked: boolean }>(
    `UPDATE users SET
       locked_until = CASE WHEN failed_logins + 1 >= $2
         THEN now() + $3::int * interval '1 minute' ELSE locked_until END,
       failed_logins = CASE WHEN failed_logins + 1 >= $2 THEN 0 ELSE failed_logins + 1 END
     WHERE id = $1
     RETURNING coalesce(locked_until > now(), false) AS locked`,
    [userId, max, lockMinutes],
  );
  return { locked: row?.locked ?? false };
}

export async function clearFailedLogins(db: Db, userId: string): Promise<void> {
  await db.query('UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1', [userId]);
}

/** Sets a new password, confirms the address and ends every token issued before. */
export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.query(
    `UPDATE users SET password_hash = $2, email_confirmed = true, token_version = token_version + 1,
       failed_logins = 0, locked_until = NULL
     WHERE id = $1`,
    [userId, passwordHash],
  );
}

export async function accountCompanies(db: Db, userId: string) {
  // SuperUser and User belong to one company; a PartnerAdmin is assigned several.
  return db.query<{ id: string; name: string }>(
    `SELECT c.id, c.name FROM companies c JOIN users u ON u.company_id = c.id WHERE u.id = $1
     UNION
     SELECT c.id, c.name FROM companies c JOIN user_companies uc ON uc.company_id = c.id
     WHERE uc.user_id = $1
     ORDER BY name`,
    [userId],
  );
}

export async function accountUnitIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.query<{ unitId: string }>(
    'SELECT unit_id AS "unitId" FROM user_units WHERE user_id = $1 ORDER BY unit_id',
    [userId],
  );
  return rows.map((row) => row.unitId);
}

export async function insertCode(
  db: Db,
  code: {
    userId: string;
    purpose: CodePurpose;
    codeHash: string;
    sessionHash?: string;
    ttlMinutes: number;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO account_codes (user_id, purpose, code_hash, session_hash, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5::int * interval '1 minute')`,
    [code.userId, code.purpose, code.codeHash, code.sessionHash ?? null, code.ttlMinutes],
  );
}

/** True when the code exists for this user and purpose, is unused and has not expired. */
export async function isOpenCode(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  codeHash: string,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM account_codes
     WHERE user_id = $1 AND purpose = $2 AND code_hash = $3 AND used_at IS NULL
       AND expires_at > now()
     FOR UPDATE`,
    [userId, purpose, codeHash],
  );
  return rows.length > 0;
}

/** Uses up every open code of a purpose (a reset link also voids the other reset links). */
export async function useCodes(db: Db, userId: string, purpose: CodePurpose): Promise<void> {
  await db.query(
    `UPDATE account_codes SET used_at = now()
     WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [userId, purpose],
  );
}

export interface TwoFactorSession {
  id: string;
  userId: string;
  codeHash: string;
  attempts: number;
}

export async function findTwoFactorSession(
  db: Db,
  sessionHash: string,
): Promise<TwoFactorSession | undefined> {
  const rows = await db.query<TwoFactorSession>(
    `SELECT id, user_id AS "userId", code_hash AS "codeHash", attempts FROM account_codes
     WHERE purpose = 'two_factor' AND session_hash = $1 AND used_at IS NULL AND expires_at > now()
     FOR UPDATE`,
    [sessionHash],
  );
  return rows[0];
}

/** Counts a wrong code; the one that reaches `max` ends the session. Returns the new count. */
export async function recordWrongCode(db: Db, id: string, max: number): Promise<number> {
  const [row] = await db.query<{ attempts: number }>(
    `UPDATE account_codes SET attempts = attempts + 1,
       used_at = CASE WHEN attempts + 1 >= $2 THEN now() ELSE used_at END
     WHERE id = $1 RETURNING attempts`,
    [id, max],
  );
  return row?.attempts ?? max;
}

export async function endCode(db: Db, id: string): Promise<void> {
  await db.query('UPDATE account_codes SET used_at = now() WHERE id = $1', [id]);
}
