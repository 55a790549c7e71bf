// What the participant and user imports share: the per-row checks, the import result
// (administration.md section 3) and the units a file names, created at their levels.
import { z } from 'zod';
import type { Db } from './db.js';
import { LANGUAGES, type Language } from './languages.js';
import { UNIT_LEVELS, type SheetRow } from './spreadsheet.js';
import { setUnitParents, unitKey } from './unit-parents.js';

/** Why a row was not imported; the web translates the code. */
export type ImportReason =
  | 'missing_email'
  | 'invalid_email'
  | 'duplicate_in_file'
  | 'already_in_survey'
  | 'email_in_use'
  | 'missing_name'
  | 'missing_language'
  | 'unknown_language'
  | 'value_too_long';

export interface FailedImport {
  /** The row's number in the sheet. */
  row: number;
  email: string;
  reason: ImportReason;
}

/** The import result of `POST /import/participants/` and `POST /import/users`. */
export interface ImportResult {
  successfulImportsCount: number;
  failedImportsCount: number;
  failedImports: FailedImport[];
}

export interface ImportRow {
  row: number;
  email: string;
  firstName: string;
  lastName: string;
  /** The display-name column, else first and last name joined. */
  displayName: string;
  languageCode: Language;
  /** Unit names by level (1..10) for the levels the row fills. */
  units: { level: number; name: string }[];
}

const MAX_TEXT = 200;
const emailFormat = z.string().max(254).pipe(z.email());

/**
 * A language code of the console from a cell: exact match ignoring case, else by the primary
 * subtag (fi and fi_FI give fi-FI, en-GB gives en-US, sv-FI gives sv).
 */
export function importLanguage(text: string): Language | undefined {
  const code = text.trim().replace('_', '-').toLowerCase();
  const exact = LANGUAGES.find((language) => language.toLowerCase() === code);
  if (exact) return exact;
  const primary = code.split('-')[0];
  return LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === primary);
}

/**
 * Splits the rows into valid ones and failures. `name`: participants need first and last name;
 * users a display name or first and last name. A later row repeating an email (ignoring case) is
 * a duplicate; the first one counts.
 */
export function checkRows(
  rows: readonly SheetRow[],
  name: 'firstAndLast' | 'display',
): { valid: ImportRow[]; failed: FailedImport[] } {
  const valid: ImportRow[] = [];
  const failed: FailedImport[] = [];
  const seen = new Set<string>();
  for (const { row, cells } of rows) {
    const email = cells.email ?? '';
    const fail = (reason: ImportReason) => failed.push({ row, email, reason });
    if (!email) {
      fail('missing_email');
      continue;
    }
    if (!emailFormat.safeParse(email).success) {
      fail('invalid_email');
      continue;
    }
    const key = email.toLowerCase();
    if (seen.has(key)) {
      fail('duplicate_in_file');
      continue;
    }
    seen.add(key);
    const firstName = cells.firstName ?? '';
    const lastName = cells.lastName ?? '';
    const displayName =
      name === 'display' && cells.displayName
        ? cells.displayName
        : `${firstName} ${lastName}`.trim();
    const named = name === 'display' ? displayName !== '' : firstName !== '' && lastName !== '';
    if (!named) {
      fail('missing_name');
      continue;
    }
    if (!cells.languageCode) {
      fail('missing_language');
      continue;
    }
    const languageCode = importLanguage(cells.languageCode);
    if (!languageCode) {
      fail('unknown_language');
      continue;
    }
    const units = UNIT_LEVELS.flatMap((level) => {
      const unit = cells[`unit${level}`];
      return unit ? [{ level, name: unit }] : [];
    });
    const texts = [firstName, lastName, displayName, ...units.map((unit) => unit.name)];
    if (texts.some((text) => text.length > MAX_TEXT)) {
      fail('value_too_long');
      continue;
    }
    valid.push({ row, email, firstName, lastName, displayName, languageCode, units });
  }
  return { valid, failed };
}

export function importResult(imported: number, failed: FailedImport[]): ImportResult {
  return {
    successfulImportsCount: imported,
    failedImportsCount: failed.length,
    failedImports: [...failed].sort((a, b) => a.row - b.row),
  };
}

/**
 * The unit ids of each row (same order as `rows`), creating the units the company lacks at their
 * levels; names match existing units ignoring case. A unit without a parent gets the one its rows
 * agree on (`setUnitParents`). Three statements however many rows.
 */
export async function ensureUnits(
  tx: Db,
  companyId: string,
  rows: readonly ImportRow[],
): Promise<string[][]> {
  const wanted = new Map<string, { level: number; name: string }>();
  for (const unit of rows.flatMap((row) => row.units)) {
    const key = unitKey(unit.level, unit.name);
    if (!wanted.has(key)) wanted.set(key, unit);
  }
  if (wanted.size === 0) return rows.map(() => []);
  const levels = [...wanted.values()].map((unit) => String(unit.level));
  const names = [...wanted.values()].map((unit) => unit.name);
  await tx.query(
    `INSERT INTO units (company_id, index, name)
     SELECT $1, x.level, x.name FROM unnest($2::int[], $3::text[]) AS x(level, name)
     ON CONFLICT (company_id, index, lower(name)) DO NOTHING`,
    [companyId, levels, names],
  );
  const found = await tx.query<{ id: string; level: number; name: string }>(
    `SELECT u.id, u.index AS level, u.name FROM units u
     JOIN unnest($2::int[], $3::text[]) AS x(level, name)
       ON u.index = x.level AND lower(u.name) = lower(x.name)
     WHERE u.company_id = $1`,
    [companyId, levels, names],
  );
  const ids = new Map(found.map((unit) => [unitKey(unit.level, unit.name), unit.id]));
  await setUnitParents(tx, rows, ids);
  return rows.map((row) =>
    row.units.flatMap((unit) => {
      const id = ids.get(unitKey(unit.level, unit.name));
      return id ? [id] : [];
    }),
  );
}
