// Who may supervise a unit (issue 32): a User or SuperUser of its company with access to it. The
// units screen, GraphQL and the unit import's supervisor column all ask this one rule.
import type { CandidateRow } from './queries.js';

export function maySupervise(
  account: Pick<CandidateRow, 'role' | 'companyId' | 'unitIds'>,
  unit: { id: string; companyId: string },
): boolean {
  return (
    (account.role === 'User' || account.role === 'SuperUser') &&
    account.companyId === unit.companyId &&
    (account.unitIds.length === 0 || account.unitIds.includes(unit.id))
  );
}
