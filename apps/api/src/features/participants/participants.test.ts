import type supertest from 'supertest';
import { createServer } from 'node:net';
import type { Role } from '../../lib/auth.js';
import { ROLES } from '../../lib/auth.js';
import {
  createContext,
  describeEachDb,
  linkIn,
  problemOf,
  type TestContext,
} from '../../test/harness.js';

async function createCompany(ctx: TestContext, name: string): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO companies (name, industry_id, size_id) VALUES ($1, 'ict', '1-49') RETURNING id`,
    [name],
  );
  if (!row) throw new Error('company not created');
  return row.id;
}

async function insertSurvey(
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

async function insertParticipant(
  ctx: TestContext,
  surveyId: string,
  options: { email?: string; language?: string; finished?: boolean; invited?: boolean } = {},
): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO participants (survey_id, email, first_name, last_name, language_code, pin_code,
       finished_at, invited_at)
     VALUES ($1, $2, 'Anna', 'Virtanen', $3, '12345', $4, $5) RETURNING id`,
    [
      surveyId,
      options.email ?? `p${Math.random().toString(36).slice(2, 10)}@example.test`,
      options.language ?? 'en-US',
      options.finished ? new Date() : null,
      options.invited ? new Date() : null,
    ],
  );
  if (!row) throw new Error('participant not created');
  return row.id;
}

/** A finished response: picks criteria 2..11, criterion c realized at 50 + c. */
async function insertResponse(
  ctx: TestContext,
  participantId: string,
  options: { finished?: boolean } = {},
): Promise<void> {
  const realizations = Array.from({ length: 30 }, (_, i) => 50 + i + 2);
  await ctx.db.query(
    `INSERT INTO responses (participant_id, survey_id, company_id, finished_at, important,
       realizations, satisfaction, enps, change_job, lindex)
     SELECT p.id, p.survey_id, s.company_id, $2, $3::smallint[], $4::smallint[], 77, 9, false, 58.5
     FROM participants p JOIN surveys s ON s.id = p.survey_id WHERE p.id = $1`,
    [
      participantId,
      options.finished === false ? null : new Date(),
      [11, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      realizations,
    ],
  );
}

/** Signs in a new user of the role: SuperUser and User in the company, PartnerAdmin assigned. */
async function tokenFor(ctx: TestContext, role: Role, companyId?: string): Promise<string> {
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

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const newBody = (surveyId: string, companyId: string, email: string) => ({
  surveyId,
  companyId,
  companyDisplayName: 'Own',
  unitIds: [],
  firstName: 'Anna',
  lastName: 'Virtanen',
  languageCode: 'fi-FI',
  email,
  surveyContinueLink: '',
});

describeEachDb('participants: roles and company boundary', (ctx) => {
  let own = '';
  let other = '';
  const staff: Role[] = ['Admin', 'PartnerAdmin', 'SuperUser'];

  beforeAll(async () => {
    own = await createCompany(ctx(), 'Own Oy');
    other = await createCompany(ctx(), 'Other Oy');
  });

  type Call = {
    name: string;
    roles: Role[];
    ok: number;
    run: (token: string | undefined, surveyId: string, participantId: string) => supertest.Test;
  };
  const auth = (test: supertest.Test, token?: string) =>
    token ? test.set('Authorization', `Bearer ${token}`) : test;
  const calls: Call[] = [
    {
      name: 'list',
      roles: staff,
      ok: 200,
      run: (t, s) => auth(ctx().http().get(`/surveys/participants/${s}/0/20`), t),
    },
    {
      name: 'get',
      roles: staff,
      ok: 200,
      run: (t, _s, p) => auth(ctx().http().get(`/participations/${p}`), t),
    },
    {
      name: 'delete',
      roles: staff,
      ok: 204,
      run: (t, _s, p) => auth(ctx().http().delete(`/participations/delete/${p}`), t),
    },
    {
      name: 'reopen',
      roles: staff,
      ok: 200,
      run: (t, _s, p) => auth(ctx().http().post(`/participations/reopen/${p}`), t),
    },
    {
      name: 'update',
      roles: staff,
      ok: 200,
      run: (t, _s, p) =>
        auth(ctx().http().post(`/responders/${p}`), t).send({
          firstName: 'B',
          lastName: 'C',
          languageCode: 'sv',
          pinCode: '54321',
        }),
    },
    {
      name: 'forsurvey',
      roles: staff,
      ok: 200,
      run: (t, s) => auth(ctx().http().get(`/responders/forsurvey/${s}/1`), t),
    },
    {
      name: 'emailinuse',
      roles: staff,
      ok: 200,
      run: (t, s) =>
        auth(ctx().http().post(`/responders/emailinuse/${s}`), t).send({ email: 'x@y.test' }),
    },
    {
      name: 'surveydata (participation report)',
      roles: staff,
      ok: 200,
      run: (t, _s, p) => auth(ctx().http().post(`/surveydata/${p}`), t),
    },
    {
      name: 'invite',
      roles: ['Admin'],
      ok: 200,
      run: (t, s) => auth(ctx().http().post(`/surveys/invite/${s}`), t),
    },
    {
      name: 'remind',
      roles: ['Admin'],
      ok: 200,
      run: (t, s) => auth(ctx().http().post(`/surveys/remind/${s}`), t),
    },
    {
      name: 'invitesingle',
      roles: staff,
      ok: 200,
      run: (t, _s, p) => auth(ctx().http().get(`/surveys/invitesingle/${p}`), t),
    },
  ];

  for (const call of calls) {
    it(`${call.name}: anonymous 401, roles ${call.roles.join('/')} on own company only`, async () => {
      for (const role of [undefined, ...ROLES]) {
        for (const target of ['own', 'other'] as const) {
          const companyId = target === 'own' ? own : other;
          const surveyId = await insertSurvey(ctx(), companyId);
          const participantId = await insertParticipant(ctx(), surveyId, { finished: true });
          await insertResponse(ctx(), participantId);
          await ctx()
            .db.query('UPDATE participants SET responder_id = 1 WHERE id = $1', [participantId])
            .catch(() => undefined);
          const token = role ? await tokenFor(ctx(), role, own) : undefined;
          const res = await call.run(token, surveyId, participantId);
          let expected: number;
          if (!role) expected = 401;
          else if (!call.roles.includes(role)) expected = 403;
          else if (target === 'other' && role !== 'Admin') expected = 403;
          else expected = call.ok;
          // forsurvey looks up responder 1, which exists only in one survey.
          if (call.name === 'forsurvey' && expected === 200)
            expect([200, 404]).toContain(res.status);
          else
            expect({ role, target, status: res.status }).toEqual({
              role,
              target,
              status: expected,
            });
        }
      }
      await ctx().mailsSettled();
    }, 60_000);
  }

  it('newresponder: roles and company boundary', async () => {
    for (const role of [undefined, ...ROLES]) {
      for (const target of ['own', 'other'] as const) {
        const companyId = target === 'own' ? own : other;
        const surveyId = await insertSurvey(ctx(), companyId);
        const token = role ? await tokenFor(ctx(), role, own) : undefined;
        const res = await auth(ctx().http().post('/responders/newresponder'), token).send(
          newBody(surveyId, companyId, 'new@example.test'),
        );
        let expected = 201;
        if (!role) expected = 401;
        else if (!staff.includes(role)) expected = 403;
        else if (target === 'other' && role !== 'Admin') expected = 403;
        expect({ role, target, status: res.status }).toEqual({ role, target, status: expected });
      }
    }
  }, 60_000);
});

describeEachDb('participants: add, edit, list', (ctx) => {
  let company = '';
  let survey = '';
  let admin = '';
  beforeAll(async () => {
    company = await createCompany(ctx(), 'Acme Oy');
    survey = await insertSurvey(ctx(), company);
    admin = await tokenFor(ctx(), 'Admin');
  });
  const as = <T extends { set(k: string, v: string): T }>(test: T) =>
    test.set('Authorization', `Bearer ${admin}`);

  it('adds a participant with a five-digit PIN and refuses the same email again', async () => {
    const [unit] = await ctx().db.query<{ id: string }>(
      `INSERT INTO units (company_id, index, name) VALUES ($1, 1, 'Sales') RETURNING id`,
      [company],
    );
    const body = { ...newBody(survey, company, 'Maija@Example.test'), unitIds: [unit?.id] };
    const res = await as(ctx().http().post('/responders/newresponder')).send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'Maija@Example.test',
      name: 'Anna Virtanen',
      companyName: 'Acme Oy',
      unitIds: [unit?.id],
      inviteSent: false,
    });
    expect(res.body.pinCode).toMatch(/^\d{5}$/);
    const again = await as(ctx().http().post('/responders/newresponder')).send({
      ...body,
      email: 'maija@example.test',
    });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ field: 'email', message: 'participants.emailInSurvey' }]);
    const inUse = await as(ctx().http().post(`/responders/emailinuse/${survey}`)).send({
      email: 'MAIJA@example.test',
    });
    expect(inUse.body).toEqual({ emailInUse: true });
    const found = await as(
      ctx().http().get(`/responders/forsurvey/${survey}/${res.body.responderId}`),
    );
    expect(found.body.id).toBe(res.body.id);
  });

  it('answers Required and email format errors per field, and refuses a unit of another company', async () => {
    const res = await as(ctx().http().post('/responders/newresponder')).send({
      surveyId: survey,
      companyId: company,
      email: 'not-an-email',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'validation.invalid' },
        { field: 'firstName', message: 'validation.required' },
        { field: 'lastName', message: 'validation.required' },
        { field: 'languageCode', message: 'validation.required' },
      ]),
    );
    const otherCompany = await createCompany(ctx(), 'Elsewhere Oy');
    const [unit] = await ctx().db.query<{ id: string }>(
      `INSERT INTO units (company_id, index, name) VALUES ($1, 1, 'X') RETURNING id`,
      [otherCompany],
    );
    const bad = await as(ctx().http().post('/responders/newresponder')).send({
      ...newBody(survey, company, 'unit@example.test'),
      unitIds: [unit?.id],
    });
    expect(bad.body.errors).toEqual([{ field: 'unitIds', message: 'validation.invalid' }]);
    // Two units of one level: a participant carries one unit per level.
    const levelOne = await ctx().db.query<{ id: string }>(
      `INSERT INTO units (company_id, index, name) VALUES ($1, 1, 'North'), ($1, 1, 'South')
       RETURNING id`,
      [company],
    );
    const twice = await as(ctx().http().post('/responders/newresponder')).send({
      ...newBody(survey, company, 'twice@example.test'),
      unitIds: levelOne.map((row) => row.id),
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([
      { field: 'unitIds', message: 'validation.oneUnitPerLevel' },
    ]);
    const [count] = await ctx().db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM participants WHERE email = 'twice@example.test'`,
    );
    expect(count?.n).toBe(0);
  });

  it('refuses participants for a tracking survey', async () => {
    const tracking = await insertSurvey(ctx(), company, survey);
    const res = await as(ctx().http().post('/responders/newresponder')).send(
      newBody(tracking, company, 'track@example.test'),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'surveyId', message: 'participants.trackingSurvey' },
    ]);
  });

  it('updates a participant and checks the PIN format', async () => {
    const id = await insertParticipant(ctx(), survey, { email: 'edit@example.test' });
    const bad = await as(ctx().http().post(`/responders/${id}`)).send({
      firstName: 'A',
      lastName: 'B',
      languageCode: 'sv',
      pinCode: '12a45',
    });
    expect(bad.body.errors).toEqual([{ field: 'pinCode', message: 'participants.pinFormat' }]);
    const ok = await as(ctx().http().post(`/responders/${id}`)).send({
      id,
      surveyId: survey,
      firstName: 'Sven',
      lastName: 'Berg',
      languageCode: 'sv',
      pinCode: '00042',
      companyDisplayName: 'Acme',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Sven Berg', pinCode: '00042', languageCode: 'sv' });
  });

  it('reopens only a finished participation and deletes one', async () => {
    const open = await insertParticipant(ctx(), survey);
    const finished = await insertParticipant(ctx(), survey, { finished: true });
    expect((await as(ctx().http().post(`/participations/reopen/${open}`))).status).toBe(400);
    const res = await as(ctx().http().post(`/participations/reopen/${finished}`));
    expect(res.body.finished).toBeNull();
    expect((await as(ctx().http().delete(`/participations/delete/${open}`))).status).toBe(204);
    expect((await as(ctx().http().get(`/participations/${open}`))).status).toBe(404);
  });

  it('pages and searches the participant list', async () => {
    const own = await insertSurvey(ctx(), company);
    for (const name of ['alpha', 'beta', 'gamma']) {
      await insertParticipant(ctx(), own, { email: `${name}@example.test` });
    }
    const page = await as(ctx().http().get(`/surveys/participants/${own}/1/1`));
    expect(page.body.totalRecords).toBe(3);
    expect(page.body.records).toHaveLength(1);
    const found = await as(ctx().http().get(`/surveys/participants/${own}/0/20?query=BET`));
    expect(found.body.records.map((r: { email: string }) => r.email)).toEqual([
      'beta@example.test',
    ]);
  });
});

interface MailRunBody {
  id: string;
  total: number;
  sent: number;
  failed: number;
  pending: number;
  finished: boolean;
  failures: { email: string; reason: string }[];
}

describeEachDb('participants: invitations and reminders', (ctx) => {
  let company = '';
  let admin = '';
  beforeAll(async () => {
    company = await createCompany(ctx(), 'Mail Oy');
    admin = await tokenFor(ctx(), 'Admin');
  });
  const as = <T extends { set(k: string, v: string): T }>(test: T) =>
    test.set('Authorization', `Bearer ${admin}`);
  /** Polls the run's progress (as the participants page does) until every mail is sent or failed. */
  async function finished(runId: string): Promise<MailRunBody> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const res = await as(ctx().http().get(`/mailruns/${runId}`));
      expect(res.status).toBe(200);
      if (res.body.finished || Date.now() > deadline) return res.body as MailRunBody;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('invites each participant once in their language with the link and PIN', async () => {
    const survey = await insertSurvey(ctx(), company);
    const fi = await insertParticipant(ctx(), survey, {
      email: 'fi@example.test',
      language: 'fi-FI',
    });
    await insertParticipant(ctx(), survey, { email: 'sv@example.test', language: 'sv' });
    await insertParticipant(ctx(), survey, { email: 'de@example.test', language: 'de' });
    const res = await as(ctx().http().post(`/surveys/invite/${survey}`));
    expect(res.status).toBe(200);
    // The send answers at once with the run; the worker sends the mails.
    expect(res.body).toMatchObject({ surveyId: survey, kind: 'invitation', total: 3 });
    expect(await finished(res.body.id)).toMatchObject({ sent: 3, failed: 0, pending: 0 });
    const finnish = await ctx().mailTo('fi@example.test');
    expect(finnish.subject).toBe('Kutsu kyselyyn Wellbeing 2026');
    expect(finnish.text).toContain('PIN-koodisi: 12345');
    // What the PIN is for: the survey's own page in her language, where email and PIN open it.
    expect(finnish.text).toContain(`/survey/${survey}?lang=fi-FI`);
    expect(finnish.text).toMatch(/PIN/);
    expect(finnish.html).toContain(`/survey/${survey}?lang=fi-FI</a>`);
    const link = linkIn(finnish, '?token=');
    // The link carries the participation's own unguessable token, not the PIN.
    const [stored] = await ctx().db.query<{ token: string }>(
      'SELECT access_token AS token FROM participants WHERE id = $1',
      [fi],
    );
    expect(stored?.token).toMatch(/^[0-9a-f]{64}$/);
    expect(link.href).toBe(`http://web.test/survey/${survey}?token=${stored?.token ?? ''}`);
    expect((await ctx().mailTo('sv@example.test')).subject).toBe(
      'Inbjudan till enkäten Wellbeing 2026',
    );
    expect((await ctx().mailTo('de@example.test')).subject).toBe(
      'Einladung zur Umfrage Wellbeing 2026',
    );

    const before = (await ctx().mail.messages()).length;
    const again = await as(ctx().http().post(`/surveys/invite/${survey}`));
    expect(again.body).toMatchObject({ total: 0, finished: true });
    await ctx().mailsSettled();
    expect((await ctx().mail.messages()).length).toBe(before);
    const [row] = await ctx().db.query<{ sent: Date | null }>(
      'SELECT invites_sent_at AS sent FROM surveys WHERE id = $1',
      [survey],
    );
    expect(row?.sent).not.toBeNull();
    const participant = await as(ctx().http().get(`/participations/${fi}`));
    expect(participant.body.inviteSent).toBe(true);
    // The participants page finds the survey's newest run.
    const latest = await as(ctx().http().get(`/surveys/mailruns/latest/${survey}`));
    expect(latest.body.id).toBe(again.body.id);
  });

  it('two concurrent invite calls queue each invitation once', async () => {
    const survey = await insertSurvey(ctx(), company);
    for (let i = 0; i < 5; i += 1) {
      await insertParticipant(ctx(), survey, { email: `c${i}@concurrent.test` });
    }
    const [a, b] = await Promise.all([
      as(ctx().http().post(`/surveys/invite/${survey}`)),
      as(ctx().http().post(`/surveys/invite/${survey}`)),
    ]);
    expect(a.body.total + b.body.total).toBe(5);
    await finished(a.body.id);
    await finished(b.body.id);
    const mails = await ctx().mail.messages();
    const sent = mails.flatMap((m) => m.to).filter((to) => to.endsWith('@concurrent.test'));
    expect(sent.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `c${i}@concurrent.test`));
  });

  it('reminds invited unfinished participants, once per hour', async () => {
    const survey = await insertSurvey(ctx(), company);
    await insertParticipant(ctx(), survey, { email: 'r1@remind.test', invited: true });
    await insertParticipant(ctx(), survey, {
      email: 'r2@remind.test',
      invited: true,
      finished: true,
    });
    await insertParticipant(ctx(), survey, { email: 'r3@remind.test' });
    const res = await as(ctx().http().post(`/surveys/remind/${survey}`));
    expect(res.body).toMatchObject({ kind: 'reminder', total: 1 });
    expect(await finished(res.body.id)).toMatchObject({ sent: 1, failed: 0 });
    expect((await ctx().mailTo('r1@remind.test')).subject).toBe('Reminder: survey Wellbeing 2026');
    const again = await as(ctx().http().post(`/surveys/remind/${survey}`));
    expect(again.body.total).toBe(0);
  });

  it('refuses invitations and reminders for an ended survey with survey-ended, and sends nothing', async () => {
    const survey = await insertSurvey(ctx(), company);
    const id = await insertParticipant(ctx(), survey, { email: 'late@ended.test' });
    await insertParticipant(ctx(), survey, { email: 'late2@ended.test', invited: true });
    await ctx().db.query(`UPDATE surveys SET end_date = now() - interval '1 day' WHERE id = $1`, [
      survey,
    ]);
    const calls = [
      ctx().http().post(`/surveys/invite/${survey}`),
      ctx().http().post(`/surveys/remind/${survey}`),
      ctx().http().get(`/surveys/invitesingle/${id}`),
    ];
    for (const call of calls) {
      const res = await as(call);
      expect(res.status).toBe(409);
      expect(problemOf(res.body)).toMatchObject({
        detail: 'survey-ended',
        errors: [{ field: 'surveyId', message: 'participants.surveyEnded' }],
      });
    }
    const runs = await ctx().db.query('SELECT 1 FROM mail_runs WHERE survey_id = $1', [survey]);
    expect(runs).toHaveLength(0);
    const [row] = await ctx().db.query<{ invited: string | null }>(
      'SELECT invited_at AS invited FROM participants WHERE id = $1',
      [id],
    );
    expect(row?.invited).toBeNull();
  });

  it('invites a single participant', async () => {
    const survey = await insertSurvey(ctx(), company);
    const id = await insertParticipant(ctx(), survey, { email: 'single@example.test' });
    const res = await as(ctx().http().get(`/surveys/invitesingle/${id}`));
    expect(res.body).toMatchObject({ kind: 'invitation', total: 1 });
    await ctx().mailTo('single@example.test');
    expect(await finished(res.body.id)).toMatchObject({ sent: 1 });
  });

  it('logs a mail that failed its retries with the reason, once, and gives its claim back', async () => {
    const broken = await createContext(ctx().backend, ctx(), {
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
    });
    try {
      const token = await tokenFor(broken, 'Admin');
      const survey = await insertSurvey(ctx(), company);
      await insertParticipant(ctx(), survey, { email: 'broken@example.test' });
      const res = await broken
        .http()
        .post(`/surveys/invite/${survey}`)
        .set('Authorization', `Bearer ${token}`);
      expect(res.body).toMatchObject({ total: 1, pending: 1 });
      const run = await finished(res.body.id);
      expect(run).toMatchObject({ sent: 0, failed: 1 });
      expect(run.failures).toEqual([
        { email: 'broken@example.test', reason: expect.stringMatching(/ECONNREFUSED/) },
      ]);
      // Two attempts (MAIL_RETRY_LIMIT 1), one request and one error in the log.
      const log = await ctx().db.query<{ event: string; reason: string | null }>(
        `SELECT event, reason FROM email_log WHERE email = 'broken@example.test' ORDER BY id`,
      );
      expect(log.map((row) => row.event)).toEqual(['request', 'error']);
      const retry = await as(ctx().http().post(`/surveys/invite/${survey}`));
      expect(retry.body.total).toBe(1);
      expect(await finished(retry.body.id)).toMatchObject({ sent: 1 });
    } finally {
      await broken.close();
    }
  });
});

describeEachDb('participants: a PIN blocked by wrong tries', (ctx) => {
  it('shows the Admin a PIN blocked by 5 wrong tries; the next invitation sends a working one', async () => {
    const company = await createCompany(ctx(), 'Pin Oy');
    const admin = await tokenFor(ctx(), 'Admin');
    const survey = await insertSurvey(ctx(), company);
    const id = await insertParticipant(ctx(), survey, { email: 'pin@example.test' });
    const participation = () =>
      ctx().http().get(`/participations/${id}`).set('Authorization', `Bearer ${admin}`);
    // Each try from another address (as the gateway forwards them): the invitation counts them all.
    const tryPin = (pin: string, i: number) =>
      ctx()
        .http()
        .post('/questionnaire/pin')
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .send({ surveyId: survey, email: 'pin@example.test', pin });

    expect((await participation()).body.pinBlocked).toBe(false);
    for (let i = 0; i < 5; i += 1) expect((await tryPin('99999', i)).status).toBe(404);
    expect((await participation()).body.pinBlocked).toBe(true);
    expect((await tryPin('12345', 9)).status).toBe(404);

    const sent = await ctx()
      .http()
      .get(`/surveys/invitesingle/${id}`)
      .set('Authorization', `Bearer ${admin}`);
    expect(sent.body).toMatchObject({ kind: 'invitation', total: 1 });
    const pin = /PIN code: (\d{5})/.exec((await ctx().mailTo('pin@example.test')).text)?.[1] ?? '';
    expect(pin).toMatch(/^\d{5}$/);
    expect((await participation()).body).toMatchObject({ pinBlocked: false, pinCode: pin });
    const exchanged = await tryPin(pin, 10);
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.token).toMatch(/^[0-9a-f]{64}$/);
  });
});

describeEachDb('participants: participation report', (ctx) => {
  let company = '';
  let survey = '';
  let admin = '';
  beforeAll(async () => {
    company = await createCompany(ctx(), 'Report Oy');
    survey = await insertSurvey(ctx(), company);
    admin = await tokenFor(ctx(), 'Admin');
  });
  const as = <T extends { set(k: string, v: string): T }>(test: T) =>
    test.set('Authorization', `Bearer ${admin}`);

  it('emails a finished participant their own answers in their language and logs the delivery', async () => {
    const id = await insertParticipant(ctx(), survey, {
      email: 'report.fi@example.test',
      language: 'fi-FI',
      finished: true,
    });
    await insertResponse(ctx(), id);
    const res = await as(ctx().http().post(`/surveydata/${id}`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      successfulRecipients: ['report.fi@example.test'],
      failedRecipients: [],
    });
    const mail = await ctx().mailTo('report.fi@example.test');
    expect(mail.subject).toBe('Vastauksesi kyselyyn Wellbeing 2026');
    // No bare "L-index 59" a participant cannot read (issue 28).
    expect(mail.text).not.toMatch(/L-indeksi/);
    expect(mail.text).toContain('Kokonaistyytyväisyytesi: 77 / 100');
    expect(mail.text).toContain('/ 10');
    // Picked first: criterion 11 (realizations[9] = 61), then 2 (52).
    const lines = mail.text.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('- Selkeät tavoitteet: 61');
    expect(lines[1]).toBe('- Merkityksellinen työ: 52');
    await ctx().mailsSettled();
    const log = await ctx().db.query<{ event: string; subject: string }>(
      `SELECT event, subject FROM email_log WHERE email = 'report.fi@example.test' ORDER BY id`,
    );
    expect(log.map((row) => row.event)).toEqual(['request', 'delivered']);
  });

  it('writes in Swedish for sv and in German for de', async () => {
    const sv = await insertParticipant(ctx(), survey, {
      email: 'report.sv@example.test',
      language: 'sv',
      finished: true,
    });
    const de = await insertParticipant(ctx(), survey, {
      email: 'report.de@example.test',
      language: 'de',
      finished: true,
    });
    await insertResponse(ctx(), sv);
    await insertResponse(ctx(), de);
    await as(ctx().http().post(`/surveydata/${sv}`));
    await as(ctx().http().post(`/surveydata/${de}`));
    expect((await ctx().mailTo('report.sv@example.test')).subject).toBe(
      'Dina svar på enkäten Wellbeing 2026',
    );
    const german = await ctx().mailTo('report.de@example.test');
    expect(german.subject).toBe('Ihre Antworten zur Umfrage Wellbeing 2026');
    expect(german.text).toContain('- Klare Ziele: 61');
  });

  it('refuses an open, reopened or unanswered participation with a field error and sends nothing', async () => {
    const open = await insertParticipant(ctx(), survey, { email: 'open.report@example.test' });
    const reopened = await insertParticipant(ctx(), survey, {
      email: 'reopened.report@example.test',
      finished: true,
    });
    await insertResponse(ctx(), reopened);
    await as(ctx().http().post(`/participations/reopen/${reopened}`));
    const unanswered = await insertParticipant(ctx(), survey, {
      email: 'unanswered.report@example.test',
      finished: true,
    });
    for (const id of [open, reopened, unanswered]) {
      const res = await as(ctx().http().post(`/surveydata/${id}`));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'id', message: 'participants.reportNotFinished' }]);
    }
    await ctx().mailsSettled();
    const log = await ctx().db.query(
      `SELECT 1 FROM email_log WHERE email LIKE '%.report@example.test'`,
    );
    expect(log).toHaveLength(0);
    expect((await as(ctx().http().post('/surveydata/not-a-uuid'))).status).toBe(404);
  });
});
