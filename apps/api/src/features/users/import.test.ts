import { randomBytes } from 'node:crypto';
import type { Role } from '../../lib/auth.js';
import { createCompany, tokenFor } from '../../test/fixtures.js';
import { describeEachDb, linkIn, problemOf, type TestContext } from '../../test/harness.js';
import { xlsx } from '../../test/xlsx.js';

function post(ctx: TestContext, token: string | undefined, companyId: string, file: Buffer) {
  const test = ctx.http().post('/import/users');
  if (token) test.set('Authorization', `Bearer ${token}`);
  return test.field('companyId', companyId).attach('file', file, 'users.xlsx');
}

const usersOf = (ctx: TestContext, companyId: string) =>
  ctx.db.query<{
    email: string;
    displayName: string;
    role: string;
    language: string;
    emailConfirmed: boolean;
    units: string[];
  }>(
    `SELECT u.email, u.display_name AS "displayName", u.role, u.language,
       u.email_confirmed AS "emailConfirmed",
       coalesce((SELECT array_agg(n.index || ':' || n.name ORDER BY n.index) FROM user_units uu
         JOIN units n ON n.id = uu.unit_id WHERE uu.user_id = u.id), '{}') AS units
     FROM users u WHERE u.company_id = $1 ORDER BY u.email`,
    [companyId],
  );

describeEachDb('user import', (ctx) => {
  it('adds unconfirmed Users of the company with their units and emails each a confirmation', async () => {
    const home = await createCompany(ctx());
    const admin = await tokenFor(ctx(), 'Admin');
    const taken = await ctx().createUser({ role: 'User' });
    const tag = randomBytes(3).toString('hex');
    const file = await xlsx([
      ['Sähköposti', 'Näyttönimi', 'Etunimi', 'Sukunimi', 'Kielikoodi', 'Yksikkö 1', 'Yksikkö 2'],
      [`aino.${tag}@example.test`, 'Aino A.', '', '', 'fi', 'Tampere', 'HR'],
      [`bertil.${tag}@example.test`, '', 'Bertil', 'Berg', 'sv', 'Tampere'],
      [taken.email.toUpperCase(), 'Taken', '', '', 'fi-FI'],
      [`nameless.${tag}@example.test`, '', '', '', 'fi-FI'],
      [`AINO.${tag}@example.test`, 'Aino twice', '', '', 'fi-FI'],
    ]);
    const res = await post(ctx(), admin, home, file);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      successfulImportsCount: 2,
      failedImportsCount: 3,
      failedImports: [
        { row: 4, email: taken.email.toUpperCase(), reason: 'email_in_use' },
        { row: 5, email: `nameless.${tag}@example.test`, reason: 'missing_name' },
        { row: 6, email: `AINO.${tag}@example.test`, reason: 'duplicate_in_file' },
      ],
    });
    expect(await usersOf(ctx(), home)).toEqual([
      {
        email: `aino.${tag}@example.test`,
        displayName: 'Aino A.',
        role: 'User',
        language: 'fi-FI',
        emailConfirmed: false,
        units: ['1:Tampere', '2:HR'],
      },
      {
        email: `bertil.${tag}@example.test`,
        displayName: 'Bertil Berg',
        role: 'User',
        language: 'sv',
        emailConfirmed: false,
        units: ['1:Tampere'],
      },
    ]);
    const mail = await ctx().mailTo(`bertil.${tag}@example.test`);
    expect(mail.subject).toBe('Bekräfta ditt konto i Survey Console');
    expect(linkIn(mail, '/account/confirm/').searchParams.get('lng')).toBe('sv');

    const again = await post(ctx(), admin, home, file);
    expect(again.body).toMatchObject({ successfulImportsCount: 0, failedImportsCount: 5 });
    expect(await usersOf(ctx(), home)).toHaveLength(2);
  });

  it('follows the rules of POST /user: company within reach, staff only', async () => {
    const own = await createCompany(ctx());
    const other = await createCompany(ctx());
    const cases: { role: Role; company?: string; status: number }[] = [
      { role: 'Admin', status: 200 },
      { role: 'PartnerAdmin', company: own, status: 200 },
      { role: 'PartnerAdmin', company: other, status: 403 },
      { role: 'SuperUser', company: own, status: 200 },
      { role: 'SuperUser', company: other, status: 403 },
      { role: 'User', company: own, status: 403 },
    ];
    for (const c of cases) {
      const token = await tokenFor(ctx(), c.role, c.company);
      const email = `u.${randomBytes(4).toString('hex')}@example.test`;
      const file = await xlsx([
        ['email', 'display name', 'language code'],
        [email, 'U', 'en-US'],
      ]);
      const res = await post(ctx(), token, own, file);
      // The body is in the comparison so a failure shows the reason the API gave.
      expect([c.role, c.company === own, res.status, res.status === c.status || res.body]).toEqual([
        c.role,
        c.company === own,
        c.status,
        true,
      ]);
      const made = await ctx().db.query('SELECT 1 FROM users WHERE email = $1', [email]);
      expect(made).toHaveLength(c.status === 200 ? 1 : 0);
    }
    const file = await xlsx([['email'], ['x@example.test']]);
    expect((await post(ctx(), undefined, own, file)).status).toBe(401);
    const admin = await tokenFor(ctx(), 'Admin');
    const unknown = await post(ctx(), admin, '00000000-0000-4000-8000-000000000000', file);
    expect(unknown.status).toBe(400);
    expect(problemOf(unknown.body).errors).toEqual([
      { field: 'companyId', message: 'validation.invalid' },
    ]);
  });

  it('refuses a file that is not an .xlsx and creates nobody', async () => {
    const own = await createCompany(ctx());
    const admin = await tokenFor(ctx(), 'Admin');
    const res = await post(ctx(), admin, own, Buffer.from('email\nx@example.test\n'));
    expect(res.status).toBe(400);
    expect(problemOf(res.body)).toMatchObject({
      detail: 'unsupported_file',
      errors: [{ field: 'file', message: 'import.notSpreadsheet' }],
    });
    expect(await usersOf(ctx(), own)).toEqual([]);
  });
});
