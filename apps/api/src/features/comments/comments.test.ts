import type { Role } from '../../lib/auth.js';
import { ROLES } from '../../lib/auth.js';
import { describeEachDb, problemOf, type TestContext } from '../../test/harness.js';

async function createCompany(ctx: TestContext, name: string): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO companies (name, industry_id, size_id) VALUES ($1, 'ict', '1-49') RETURNING id`,
    [name],
  );
  if (!row) throw new Error('company not created');
  return row.id;
}

/** A survey with one finished participant who left the given comments. */
async function surveyWithComments(
  ctx: TestContext,
  companyId: string,
  comments: { criterionId: number; type: string; text: string; hidden?: boolean }[],
): Promise<{ surveyId: string; commentIds: string[] }> {
  const [survey] = await ctx.db.query<{ id: string }>(
    `INSERT INTO surveys (company_id, name, short_name, invites_sent_at, end_date)
     VALUES ($1, 'Survey', 'S', now() - interval '9 days', now() - interval '1 day') RETURNING id`,
    [companyId],
  );
  const surveyId = survey?.id ?? '';
  const [participant] = await ctx.db.query<{ id: string }>(
    `INSERT INTO participants (survey_id, email, language_code, finished_at)
     VALUES ($1, 'p@example.test', 'sv', now()) RETURNING id`,
    [surveyId],
  );
  const participantId = participant?.id ?? '';
  await ctx.db.query(
    `INSERT INTO responses (participant_id, survey_id, company_id, finished_at, important,
       realizations, satisfaction, enps, change_job, lindex)
     VALUES ($1, $2, $3, now(), '{2,3,4,5,6,7,8,9,10,11}', array_fill(70::smallint, ARRAY[30]),
       70, 8, false, 70)`,
    [participantId, surveyId, companyId],
  );
  const commentIds: string[] = [];
  for (const comment of comments) {
    const [row] = await ctx.db.query<{ id: string }>(
      `INSERT INTO comments (survey_id, participant_id, criterion_id, type, text, language_code,
         hidden)
       VALUES ($1, $2, $3, $4, $5, 'sv', $6) RETURNING id`,
      [
        surveyId,
        participantId,
        comment.criterionId,
        comment.type,
        comment.text,
        comment.hidden ?? false,
      ],
    );
    commentIds.push(row?.id ?? '');
  }
  return { surveyId, commentIds };
}

async function tokenFor(ctx: TestContext, role: Role, companyId: string): Promise<string> {
  const member = role === 'SuperUser' || role === 'User';
  const user = await ctx.createUser({ role, ...(member ? { companyId } : {}) });
  if (role === 'PartnerAdmin') {
    await ctx.db.query('INSERT INTO user_companies (user_id, company_id) VALUES ($1, $2)', [
      user.id,
      companyId,
    ]);
  }
  const res = await ctx.http().post('/account/login').send(user);
  return res.body.token as string;
}

describeEachDb('comments: moderation', (ctx) => {
  let own = '';
  let other = '';
  let admin = '';
  beforeAll(async () => {
    own = await createCompany(ctx(), 'Own Oy');
    other = await createCompany(ctx(), 'Other Oy');
    admin = await tokenFor(ctx(), 'Admin', own);
  });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('lists every comment of the survey, hidden ones too, with criterion, type and language', async () => {
    const { surveyId, commentIds } = await surveyWithComments(ctx(), own, [
      { criterionId: 5, type: 'positive', text: 'Bra gäng.' },
      { criterionId: 99, type: 'negative', text: 'Parkeringen är hopplös.', hidden: true },
      { criterionId: 3, type: 'neutral', text: 'Lönen kunde förklaras.' },
    ]);
    // Another survey's comments stay out.
    await surveyWithComments(ctx(), own, [{ criterionId: 5, type: 'positive', text: 'Annat.' }]);
    const res = await ctx()
      .http()
      .get(`/adminsurveydata/allcomments/?surveyId=${surveyId}`)
      .set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.totalRecords).toBe(3);
    expect(res.body.records).toEqual([
      expect.objectContaining({ criterionId: 3, type: 'neutral', text: 'Lönen kunde förklaras.' }),
      expect.objectContaining({ id: commentIds[0], criterionId: 5, hidden: false }),
      expect.objectContaining({
        id: commentIds[1],
        surveyId,
        criterionId: 99,
        type: 'negative',
        text: 'Parkeringen är hopplös.',
        languageCode: 'sv',
        hidden: true,
      }),
    ]);
  });

  it('toggles a comment hidden and visible again', async () => {
    const { surveyId, commentIds } = await surveyWithComments(ctx(), own, [
      { criterionId: 4, type: 'negative', text: 'Chefen är aldrig på plats.' },
    ]);
    const toggle = () =>
      ctx()
        .http()
        .patch('/adminsurveydata/toggleVisibility/')
        .set(bearer(admin))
        .send({ commentId: commentIds[0], surveyId });
    const hidden = await toggle();
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ id: commentIds[0], hidden: true });
    const [stored] = await ctx().db.query<{ hidden: boolean }>(
      'SELECT hidden FROM comments WHERE id = $1',
      [commentIds[0] ?? ''],
    );
    expect(stored?.hidden).toBe(true);
    expect((await toggle()).body).toMatchObject({ hidden: false });
  });

  it('answers 404 for a comment of another survey and 400 naming a missing field', async () => {
    const first = await surveyWithComments(ctx(), own, [
      { criterionId: 2, type: 'positive', text: 'Meningsfullt.' },
    ]);
    const second = await surveyWithComments(ctx(), own, []);
    const res = await ctx()
      .http()
      .patch('/adminsurveydata/toggleVisibility')
      .set(bearer(admin))
      .send({ commentId: first.commentIds[0], surveyId: second.surveyId });
    expect(res.status).toBe(404);
    const [stored] = await ctx().db.query<{ hidden: boolean }>(
      'SELECT hidden FROM comments WHERE id = $1',
      [first.commentIds[0] ?? ''],
    );
    expect(stored?.hidden).toBe(false);

    const bad = await ctx()
      .http()
      .patch('/adminsurveydata/toggleVisibility')
      .set(bearer(admin))
      .send({ surveyId: second.surveyId });
    expect(bad.status).toBe(400);
    expect(problemOf(bad.body).errors).toEqual([
      { field: 'commentId', message: 'validation.required' },
    ]);
    const noSurvey = await ctx().http().get('/adminsurveydata/allcomments').set(bearer(admin));
    expect(noSurvey.status).toBe(400);
    const unknown = await ctx()
      .http()
      .get('/adminsurveydata/allcomments?surveyId=00000000-0000-4000-8000-000000000000')
      .set(bearer(admin));
    expect(unknown.status).toBe(404);
  });

  describe('access', () => {
    let ownSurvey = { surveyId: '', commentIds: [] as string[] };
    let otherSurvey = { surveyId: '', commentIds: [] as string[] };
    beforeAll(async () => {
      ownSurvey = await surveyWithComments(ctx(), own, [
        { criterionId: 6, type: 'positive', text: 'Flexibelt.' },
      ]);
      otherSurvey = await surveyWithComments(ctx(), other, [
        { criterionId: 6, type: 'positive', text: 'Flexibelt.' },
      ]);
    });
    const calls = (side: () => { surveyId: string; commentIds: string[] }) => ({
      list: (token?: string) => {
        const req = ctx().http().get(`/adminsurveydata/allcomments/?surveyId=${side().surveyId}`);
        return token ? req.set(bearer(token)) : req;
      },
      toggle: (token?: string) => {
        const req = ctx().http().patch('/adminsurveydata/toggleVisibility/');
        return (token ? req.set(bearer(token)) : req).send({
          commentId: side().commentIds[0],
          surveyId: side().surveyId,
        });
      },
    });
    const moderators: Role[] = ['Admin', 'PartnerAdmin'];

    it('answers 401 without a token', async () => {
      expect((await calls(() => ownSurvey).list()).status).toBe(401);
      expect((await calls(() => ownSurvey).toggle()).status).toBe(401);
    });

    it.each(ROLES)(
      'lets a %s moderate its own company only when Admin or PartnerAdmin',
      async (role) => {
        const token = await tokenFor(ctx(), role, own);
        const expected = moderators.includes(role) ? 200 : 403;
        expect((await calls(() => ownSurvey).list(token)).status).toBe(expected);
        expect((await calls(() => ownSurvey).toggle(token)).status).toBe(expected);
      },
    );

    it.each(ROLES)('keeps a %s out of another company unless Admin', async (role) => {
      const token = await tokenFor(ctx(), role, own);
      const expected = role === 'Admin' ? 200 : 403;
      expect((await calls(() => otherSurvey).list(token)).status).toBe(expected);
      expect((await calls(() => otherSurvey).toggle(token)).status).toBe(expected);
    });
  });
});
