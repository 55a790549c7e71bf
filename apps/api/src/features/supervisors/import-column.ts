// The unit import's supervisor column (issue 32): a row may name its unit's supervisor by the email
// of an account of the company. Checked for the whole file first (each problem names its row), and
// written only when no row has one, in the import's own transaction, so nothing is half-written.
// Kept apart from the import itself so the import only calls these two functions.
import type { Db } from '../../lib/db.js';
import { maySupervise } from './eligibility.js';
import * as q from './queries.js';

export type SupervisorCellReason =
  /** The cell is not an email address. */
  | 'supervisor_invalid_email'
  /** No User or SuperUser of the company has this email. */
  | 'supervisor_unknown'
  /** The account has no access to the row's unit. */
  | 'supervisor_not_eligible';

export interface SupervisorCell {
  /** The row's number in the file (as the import reports rows). */
  row: number;
  unit: { id: string; companyId: string };
  /** The column's text; empty: the row names no supervisor. */
  email: string;
}

export interface SupervisorCellError {
  row: number;
  column: 'supervisor';
  reason: SupervisorCellReason;
  value: string;
}

export interface SupervisorAssignment {
  unitId: string;
  userId: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The column's assignments, or the rows whose cell cannot be used and why (pure). */
export function checkSupervisorColumn(
  cells: readonly SupervisorCell[],
  accounts: readonly q.CandidateRow[],
): { assignments: SupervisorAssignment[]; errors: SupervisorCellError[] } {
  const byEmail = new Map(accounts.map((account) => [account.email.toLowerCase(), account]));
  const assignments: SupervisorAssignment[] = [];
  const errors: SupervisorCellError[] = [];
  for (const { row, unit, email } of cells) {
    const value = email.trim();
    if (value === '') continue;
    const fail = (reason: SupervisorCellReason) =>
      errors.push({ row, column: 'supervisor', reason, value });
    if (!EMAIL.test(value)) {
      fail('supervisor_invalid_email');
      continue;
    }
    const account = byEmail.get(value.toLowerCase());
    if (!account || account.companyId !== unit.companyId) fail('supervisor_unknown');
    else if (!maySupervise(account, unit)) fail('supervisor_not_eligible');
    else assignments.push({ unitId: unit.id, userId: account.id });
  }
  return { assignments, errors };
}

/** Reads the company's accounts and checks the column (call before writing anything). */
export async function readSupervisorColumn(
  db: Db,
  companyId: string,
  cells: readonly SupervisorCell[],
) {
  return checkSupervisorColumn(cells, await q.companyAccounts(db, companyId));
}

/** Adds the checked supervisors in the import's transaction (a unit keeps the ones it had). */
export async function writeSupervisorColumn(
  tx: Db,
  assignments: readonly SupervisorAssignment[],
): Promise<void> {
  for (const { unitId, userId } of assignments) await q.addSupervisor(tx, unitId, userId);
}
