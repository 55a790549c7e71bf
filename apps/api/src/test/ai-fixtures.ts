// Tests only: a company with units, an ended survey with answers and comments, and an API app with
// the AI feature and its build queue running against the test database.
import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import supertest from 'supertest';
import { createApp } from '../app.js';
import type { AuthUser, Role } from '../lib/auth.js';
import { createLogger } from '../lib/logger.js';
import type { TestContext } from './harness.js';
import { startAiFeature, type AiFeature } from '../features/ai/setup.js';
import type { AiJobs } from '../features/ai/search/jobs.js';
import { startJobs, type Jobs } from '../lib/jobs.js';

const DAY = 24 * 60 * 60_000;

export async function company(ctx: TestContext, settings: object = {}) {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO companies (name, industry_id, size_id, settings) VALUES ($1, 'ict', '1-49', $2)
     RETURNING id`,
    [`AI Co ${randomBytes(3).toString('hex')}`, settings],
  );
  return (row as { id: string }).id;
}

export async function unit(ctx: TestContext, companyId: string, name: string) {
  const [row] = await ctx.db.query<{ id: string }>(
    'INSERT INTO units (company_id, index, name) VALUES ($1, 1, $2) RETURNING id',
    [companyId, name],
  );
  return (row as { id: string }).id;
}

export async function survey(
  ctx: TestContext,
  companyId: string,
  settings: object = {},
  base: string | null = null,
) {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO surveys (company_id, name, short_name, end_date, invites_sent_at, settings,
       show_open_comments_from, base_survey_id)
     VALUES ($1, 'Survey', 'S', $2, $3, $4, $2, $5) RETURNING id`,
    [companyId, new Date(Date.now() - DAY), new Date(Date.now() - 30 * DAY), settings, base],
  );
  return (row as { id: string }).id;
}

export interface Person {
  units?: string[];
  firstName?: string;
  lastName?: string;
  comments: {
    text: string;
    type?: string;
    criterion?: number;
    language?: string;
    hidden?: boolean;
  }[];
}

/** A finished participant with answers and comments; returns the comment ids in order. */
export async function respond(
  ctx: TestContext,
  surveyId: string,
  companyId: string,
  person: Person,
) {
  const [participant] = await ctx.db.query<{ id: string }>(
    `INSERT INTO participants (survey_id, email, first_name, last_name, unit_ids, finished_at)
     VALUES ($1, gen_random_uuid()::text || '@example.test', $2, $3, $4, now()) RETURNING id`,
    [surveyId, person.firstName ?? '', person.lastName ?? '', person.units ?? []],
  );
  const realizations = Array.from({ length: 30 }, () => '3');
  await ctx.db.query(
    `INSERT INTO responses (participant_id, survey_id, company_id, finished_at, unit_ids,
       important, realizations, satisfaction, enps, change_job, lindex)
     VALUES ($1, $2, $3, now(), $4, $5, $6, 7, 8, false, 70)`,
    [
      (participant as { id: string }).id,
      surveyId,
      companyId,
      person.units ?? [],
      ['2', '3', '4', '5', '6', '7', '8', '9', '10', '11'],
      realizations,
    ],
  );
  const ids: string[] = [];
  for (const comment of person.comments) {
    const [row] = await ctx.db.query<{ id: string }>(
      `INSERT INTO comments (survey_id, participant_id, criterion_id, type, text, language_code, hidden)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        surveyId,
        (participant as { id: string }).id,
        comment.criterion ?? 2,
        comment.type ?? 'negative',
        comment.text,
        comment.language ?? 'fi-FI',
        comment.hidden ?? false,
      ],
    );
    ids.push((row as { id: string }).id);
  }
  return ids;
}

export async function tokenFor(
  ctx: TestContext,
  role: Role,
  companyId?: string,
  unitIds: string[] = [],
) {
  const member = role === 'SuperUser' || role === 'User';
  const user = await ctx.createUser({ role, ...(member && companyId ? { companyId } : {}) });
  if (role === 'PartnerAdmin' && companyId)
    await ctx.db.query('INSERT INTO user_companies (user_id, company_id) VALUES ($1, $2)', [
      user.id,
      companyId,
    ]);
  for (const unitId of unitIds)
    await ctx.db.query('INSERT INTO user_units (user_id, unit_id) VALUES ($1, $2)', [
      user.id,
      unitId,
    ]);
  const res = await ctx.http().post('/account/login').send(user);
  return res.body.token as string;
}

/** A user of `role` as a service call takes it (AuthUser), and their bearer token. */
export async function authUserFor(
  ctx: TestContext,
  role: Role,
  companyId?: string,
): Promise<{ token: string; user: AuthUser }> {
  const created = await ctx.createUser({ role, ...(companyId ? { companyId } : {}) });
  const token = (await ctx.http().post('/account/login').send(created)).body.token as string;
  const [user] = await ctx.db.query<AuthUser>(
    `SELECT id, role, company_id AS "companyId", token_version AS "tokenVersion" FROM users
      WHERE id = $1`,
    [created.id],
  );
  return { token, user: user as AuthUser };
}

export interface AiApp {
  app: Express;
  ai: AiFeature & { jobs: AiJobs };
  schema: string;
  jobs: Jobs;
  http(): ReturnType<typeof supertest>;
  close(): Promise<void>;
}

/** The API with the AI feature and a build worker on its own pg-boss schema. */
export async function startAiApp(
  ctx: TestContext,
  overrides: Partial<TestContext['config']> = {},
  options: { work?: boolean; schema?: string } = {},
): Promise<AiApp> {
  const schema = options.schema ?? `boss_${randomBytes(4).toString('hex')}`;
  const config = { ...ctx.config, JOBS_SCHEMA: schema, ...overrides };
  const logger = createLogger('error');
  const work = options.work ?? true;
  const jobs = await startJobs(ctx.jobsConnection, {
    schema,
    logger,
    supervise: work,
    superviseIntervalSeconds: config.JOBS_SUPERVISE_INTERVAL_SECONDS,
  });
  const ai = await startAiFeature(ctx.db, jobs, config, logger, {
    pollingIntervalSeconds: 0.5,
    work,
  });
  const app = createApp({ db: ctx.db, mailer: ctx.mailer, outbox: ctx.outbox, config, logger, ai });
  return {
    app,
    ai,
    schema,
    jobs,
    http: () => supertest(app),
    close: () => jobs.stop(),
  };
}

export const dropSchema = (ctx: TestContext, schema: string) =>
  ctx.db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
