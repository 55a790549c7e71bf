// What a role may do beyond the routes it reaches (administration.md section 6, reporting.md
// section 6). Decided here once: the features enforce these rules, and the account answer carries
// them so the console reads them as data instead of keeping a copy.
import type { Role } from './auth.js';

/** Roles a user of `role` may give to the users they manage. */
export function assignableRoles(role: Role): Role[] {
  if (role === 'Admin') return ['Admin', 'PartnerAdmin', 'SuperUser', 'User'];
  if (role === 'PartnerAdmin' || role === 'SuperUser') return ['SuperUser', 'User'];
  return ['User'];
}

/** Admin and PartnerAdmin read reports of surveys before they end; SuperUser and User only ended ones. */
export const seesUnendedSurveys = (role: Role): boolean =>
  role === 'Admin' || role === 'PartnerAdmin';
