// The access matrix of the newer report routes (as users-access.test.ts does for the users
// endpoints): the open comments a page at a time, the Supervisors endpoints and a supervisor's
// package link, and the AI audit; every route x anonymous, Admin, a PartnerAdmin assigned company
// A, a SuperUser of A and a User of A (who supervises A's unit) x a target in company A and in B.
// A refused write leaves the database as it was.
import type { Response, Test } from 'supertest';
import type { Role } from '../../lib/auth.js';
import type { SqlParam } from '../../lib/db.js';
import { createCompany } from '../../test/fixtures.js';
import { describeEachDb, problemOf, type TestUser } from '../../test/harness.js';
import { insertResponses } from '../reports/audit/synthetic.js';

type Caller = 'anonymous' | Role;
type Side = 'A' | 'B';

/** Outcomes for a target in company A (the callers' own) and in company B. */
type Row = readonly [a: number, b: number];

/** A company's survey, unit and package, what the calls are about. */
interface World {
  companyId: string;
  surveyId: string;
  unitId: string;
  packageId: string;
  /** The User who supervises the unit (for A, the caller User). */
  supervisor: TestUser;
}

interface Endpoint {
  name: string;
  call: (world: World, auth: (test: Test) => Test) => Promise<Response>;
  /** What the call writes, read before and after it. */
  state?: (world: World) => Promise<unknown>;
}

const CALLERS: readonly Caller[] = ['anonymous', 'Admin', 'PartnerAdmin', 'SuperUser', 'User'];

const LABEL: Record<Caller, string> = {
  anonymous: 'an anonymous caller',
  Admin: 'an Admin',
  PartnerAdmin: 'a PartnerAdmin of A',
  SuperUser: 'a SuperUser of A',
  User: 'a User of A supervising its unit',
};

const DETAIL: Partial<Record<number, string>> = { 401: 'unauthenticated', 403: 'forbidden' };

const sets = (world: World) => JSON.stringify([{ surveyId: world.surveyId, filters: {} }]);

describeEachDb('newer report routes: access matrix', (ctx) => {
  const worlds = new Map<Side, World>();
  const tokens = new Map<Caller, string>();
  const http = () => ctx().http();

  /** A company with a unit, an ended survey of six answers in it and a package of the unit. */
  async function world(name: string): Promise<World> {
    const companyId = await createCompany(ctx(), name);
    const one = async <R>(sql: string, params: SqlParam[]) => {
      const [row] = await ctx().db.query<R>(sql, params);
      if (!row) throw new Error(`nothing from ${sql}`);
      return row;
    };
    const { id: unitId } = await one<{ id: string }>(
      `INSERT INTO units (company_id, index, name) VALUES ($1, 1, 'Matrix unit') RETURNING id`,
      [companyId],
    );
    const { id: surveyId } = await one<{ id: string }>(
      `INSERT INTO surveys (company_id, name, short_name, end_date, invites_sent_at,
         show_open_comments_from, settings)
       VALUES ($1, 'Matrix survey', 'M', now() - interval '1 day', now() - interval '30 days',
         now() - interval '1 day', '{}') RETURNING id`,
      [companyId],
    );
    const people = Array.from({ length: 6 }, () => ({ units: [unitId], background: {} }));
    await insertResponses(ctx().db, companyId, surveyId, people);
    const { id: runId } = await one<{ id: string }>(
      'INSERT INTO supervisor_runs (survey_id, total) VALUES ($1, 1) RETURNING id',
      [surveyId],
    );
    const { id: packageId } = await one<{ id: string }>(
      `INSERT INTO supervisor_packages (run_id, survey_id, unit_id, status, responses)
       VALUES ($1, $2, $3, 'sent', 6) RETURNING id`,
      [runId, surveyId, unitId],
    );
    // The PDF the send job would have stored for it (any bytes: this is about who gets them).
    await ctx().db.query(
      `INSERT INTO supervisor_package_pdfs (package_id, language, pdf)
       VALUES ($1, 'fi-FI', decode('JVBERi0=', 'base64'))`,
      [packageId],
    );
    const supervisor = await ctx().createUser({ role: 'User', companyId });
    await ctx().db.query('INSERT INTO unit_supervisors (unit_id, user_id) VALUES ($1, $2)', [
      unitId,
      supervisor.id,
    ]);
    return { companyId, surveyId, unitId, packageId, supervisor };
  }

  beforeAll(async () => {
    worlds.set('A', await world('Company A'));
    worlds.set('B', await world('Company B'));
    const a = worlds.get('A') as World;
    for (const role of ['Admin', 'PartnerAdmin', 'SuperUser'] as const) {
      const member = role === 'SuperUser';
      const user = await ctx().createUser({ role, ...(member ? { companyId: a.companyId } : {}) });
      if (role === 'PartnerAdmin')
        await ctx().db.query('INSERT INTO user_companies (user_id, company_id) VALUES ($1, $2)', [
          user.id,
          a.companyId,
        ]);
      tokens.set(role, (await http().post('/account/login').send(user)).body.token as string);
    }
    const login = await http().post('/account/login').send(a.supervisor);
    tokens.set('User', login.body.token as string);
  });

  afterAll(async () => {
    await ctx().mailer.idle();
  });

  const supervisorsOf = (world: World) =>
    ctx().db.query('SELECT user_id FROM unit_supervisors WHERE unit_id = $1 ORDER BY user_id', [
      world.unitId,
    ]);

  const endpoints = {
    counts: {
      name: 'GET /report/opencommentcounts',
      call: (w, auth) =>
        auth(
          http()
            .get('/report/opencommentcounts')
            .query({ sets: sets(w), reportLanguage: 'en-US' }),
        ),
    },
    page: {
      name: 'GET /report/opencommentpage',
      call: (w, auth) =>
        auth(
          http()
            .get('/report/opencommentpage')
            .query({ sets: sets(w), reportLanguage: 'en-US', type: 'positive', criterion: '2' }),
        ),
    },
    company: {
      name: 'GET /supervisors/company/{id}',
      call: (w, auth) => auth(http().get(`/supervisors/company/${w.companyId}`)),
    },
    candidates: {
      name: 'GET /supervisors/units/{id}/candidates',
      call: (w, auth) => auth(http().get(`/supervisors/units/${w.unitId}/candidates`)),
    },
    set: {
      name: 'PUT /supervisors/units/{id}',
      // The unit's supervisor stays: the package link below is theirs.
      call: (w, auth) =>
        auth(http().put(`/supervisors/units/${w.unitId}`)).send({ userIds: [w.supervisor.id] }),
      state: supervisorsOf,
    },
    overview: {
      name: 'GET /supervisors/survey/{id}',
      call: (w, auth) => auth(http().get(`/supervisors/survey/${w.surveyId}`)),
    },
    send: {
      name: 'POST /supervisors/survey/{id}/send',
      call: (w, auth) => auth(http().post(`/supervisors/survey/${w.surveyId}/send`)),
      state: (w) =>
        ctx().db.query('SELECT count(*)::int AS n FROM supervisor_runs WHERE survey_id = $1', [
          w.surveyId,
        ]),
    },
    package: {
      name: 'GET /supervisors/packages/{id}',
      call: (w, auth) => auth(http().get(`/supervisors/packages/${w.packageId}`)),
    },
    pdf: {
      name: 'GET /supervisors/packages/{id}/pdf',
      call: (w, auth) =>
        auth(http().get(`/supervisors/packages/${w.packageId}/pdf`).query({ language: 'fi-FI' })),
    },
    audit: {
      name: 'GET /ai/audit',
      call: (w, auth) => auth(http().get('/ai/audit').query({ surveyId: w.surveyId })),
    },
  } satisfies Record<string, Endpoint>;
  type Key = keyof typeof endpoints;

  // Admin: any company. PartnerAdmin: assigned companies. SuperUser, User: their own company.
  // Anonymous: 401 everywhere.
  const everyRole = {
    anonymous: [401, 401],
    Admin: [200, 200],
    PartnerAdmin: [200, 403],
    SuperUser: [200, 403],
    User: [200, 403],
  } as const;
  const staff = { ...everyRole, User: [403, 403] } as const;
  const matrix: Record<Key, Record<Caller, Row>> = {
    // A User reads comments once the survey shows them (it does here).
    counts: everyRole,
    page: everyRole,
    company: staff,
    candidates: staff,
    set: staff,
    // A User sees the rows of their own units.
    overview: everyRole,
    // Sending: Admins and SuperUsers only.
    send: { ...staff, Admin: [202, 202], PartnerAdmin: [403, 403], SuperUser: [202, 403] },
    // A package: its unit's supervisors (the User), an Admin, the staff of its company.
    package: everyRole,
    // Its stored PDF: the same readers.
    pdf: everyRole,
    // The AI audit: Admins only, whichever company.
    audit: { ...staff, PartnerAdmin: [403, 403], SuperUser: [403, 403] },
  };

  for (const key of Object.keys(endpoints) as Key[]) {
    const endpoint: Endpoint = endpoints[key];
    describe(endpoint.name, () => {
      const cases = CALLERS.flatMap((caller) =>
        (['A', 'B'] as const).map((side) => {
          const outcome = matrix[key][caller][side === 'A' ? 0 : 1];
          const verb = outcome >= 400 ? 'may not' : 'may';
          const name = `${LABEL[caller]} ${verb} call it for company ${side} (${outcome})`;
          return [name, caller, side, outcome] as const;
        }),
      );
      it.each(cases)('%s', async (_name, caller, side, expected) => {
        const target = worlds.get(side) as World;
        const before = await endpoint.state?.(target);
        const token = tokens.get(caller);
        const res = await endpoint.call(target, (test) =>
          token ? test.set('Authorization', `Bearer ${token}`) : test,
        );
        expect({ outcome: res.status, detail: problemOf(res.body).detail }).toEqual({
          outcome: expected,
          detail: DETAIL[expected],
        });
        if (endpoint.state && expected >= 400) expect(await endpoint.state(target)).toEqual(before);
      });
    });
  }
});
