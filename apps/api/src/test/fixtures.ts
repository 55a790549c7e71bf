// Rows most feature tests need: a company, a survey of it, and a signed-in user of a role (a
// SuperUser or User belongs to the company, a PartnerAdmin is assigned it).
import { randomBytes } from 'node:crypto';
import type { Role } from '../lib/auth.js';
import type { TestContext } from './harness.js';

export async function createCompany(
  ctx: TestContext,
  name = `Company ${randomBytes(3).toString('hex')}`,
): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO companies (name, industry_id, size_id) VALUES ($1, 'ict', '1-49') RETURNING id`,
    [name],
  );
  if (!row) throw new Error('company not created');
  return row.id;
}

export async function createSurvey(
  ctx: TestContext,
  companyId: string,
  baseSurveyId: string | null = null,
): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO surveys (company_id, name, short_name, base_survey_id, settings)
     VALUES ($1, 'Wellbeing 2026', 'W', $2, '{}') RETURNING id`,
    [companyId, baseSurveyId],
  );
  if (!row) throw new Error('survey not created');
  return row.id;
}

/** The bearer token of a new user of the role, tied to the company when one is given. */
export async function tokenFor(ctx: TestContext, role: Role, companyId?: string): Promise<string> {
  const member = role === 'SuperUser' || role === 'User';
  const user = await ctx.createUser({ role, ...(member && companyId ? { companyId } : {}) });
  if (role === 'PartnerAdmin' && companyId) {
    await ctx.db.query('INSERT INTO user_companies (user_id, company_id) VALUES ($1, $2)', [
      user.id,
      companyId,
    ]);
  }
  const res = await ctx.http().post('/account/login').send(user);
  return res.body.token as string;
}
