// The unit import's supervisor column, checked before anything is written: each unusable cell names
// its row and why; a usable one becomes an assignment.
import { checkSupervisorColumn, type SupervisorCell } from './import-column.js';
import type { CandidateRow } from './queries.js';

const COMPANY = 'c1';
const SALES = { id: 'u-sales', companyId: COMPANY };
const ACCOUNTS: CandidateRow[] = [
  { id: 'ulla', email: 'Ulla@Demo.test', role: 'User', companyId: COMPANY, unitIds: [] },
  {
    id: 'siiri',
    email: 'siiri@demo.test',
    role: 'SuperUser',
    companyId: COMPANY,
    unitIds: ['u-hr'],
  },
  { id: 'olli', email: 'olli@other.test', role: 'User', companyId: 'c2', unitIds: [] },
];

const cell = (row: number, email: string, unit = SALES): SupervisorCell => ({ row, unit, email });

describe('the unit import supervisor column', () => {
  it('assigns an account of the company by its email, in any case, and skips empty cells', () => {
    const result = checkSupervisorColumn([cell(2, ' ulla@demo.TEST '), cell(3, '')], ACCOUNTS);
    expect(result).toEqual({ assignments: [{ unitId: 'u-sales', userId: 'ulla' }], errors: [] });
  });

  it('names the row and the problem of every cell it cannot use', () => {
    const result = checkSupervisorColumn(
      [
        cell(2, 'not an email'),
        cell(3, 'nobody@demo.test'),
        cell(4, 'olli@other.test'),
        cell(5, 'siiri@demo.test'),
        cell(6, 'ulla@demo.test'),
      ],
      ACCOUNTS,
    );
    expect(result.errors).toEqual([
      { row: 2, column: 'supervisor', reason: 'supervisor_invalid_email', value: 'not an email' },
      { row: 3, column: 'supervisor', reason: 'supervisor_unknown', value: 'nobody@demo.test' },
      // An account of another company is unknown to this one.
      { row: 4, column: 'supervisor', reason: 'supervisor_unknown', value: 'olli@other.test' },
      // Siiri is limited to HR: she cannot supervise Sales.
      { row: 5, column: 'supervisor', reason: 'supervisor_not_eligible', value: 'siiri@demo.test' },
    ]);
    expect(result.assignments).toEqual([{ unitId: 'u-sales', userId: 'ulla' }]);
  });
});
