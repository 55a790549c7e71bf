// The access matrix of the users endpoints (docs/rest-api.md, Users; administration.md section 6):
// every endpoint x anonymous, Admin, a PartnerAdmin assigned company A, a SuperUser of A and a User
// of A x a target in company A and in company B. A refused write leaves the database as it was.
import { randomBytes } from 'node:crypto';
import type { Response, Test } from 'supertest';
import type { Role } from '../../lib/auth.js';
import { createCompany, tokenFor } from '../../test/fixtures.js';
import { describeEachDb, problemOf } from '../../test/harness.js';
import { xlsx } from '../../test/xlsx.js';

type Caller = 'anonymous' | Role;
type Side = 'A' | 'B';

/** The status, or `unlisted`: the list answers 200 without the target. */
type Outcome = number | 'unlisted';

/** Outcomes for a target in company A (the callers' own) and in company B. */
type Row = readonly [a: Outcome, b: Outcome];

/** A user the call is about; for the calls that create one, a new email in the company. */
interface Target {
  companyId: string;
  email: string;
  /** Empty for a user still to be created. */
  id: string;
}

interface Endpoint {
  name: string;
  /** What the caller tries to do to `whom`, e.g. `read a user of company B`. */
  action: (whom: string) => string;
  /** The target in titles when not `a user of company A`. */
  whom?: (side: Side) => string;
  target: (companyId: string) => Promise<Target>;
  call: (target: Target, auth: (test: Test) => Test) => Promise<Response>;
  /** For the list: whether the answer holds the target. */
  finds?: (body: unknown, target: Target) => boolean;
  /** What the call writes, read before and after it. */
  state?: (target: Target) => Promise<unknown>;
}

const CALLERS: readonly Caller[] = ['anonymous', 'Admin', 'PartnerAdmin', 'SuperUser', 'User'];

const LABEL: Record<Caller, string> = {
  anonymous: 'an anonymous caller',
  Admin: 'an Admin',
  PartnerAdmin: 'a PartnerAdmin of A',
  SuperUser: 'a SuperUser of A',
  User: 'a User of A',
};

const DETAIL: Partial<Record<Outcome, string>> = { 401: 'unauthenticated', 403: 'forbidden' };

const refused = (outcome: Outcome) => typeof outcome === 'number' && outcome >= 400;

/** A test title that says the behaviour, e.g. `a SuperUser of A may not read ... (403)`. */
function title(endpoint: Endpoint, caller: Caller, whom: string, outcome: Outcome): string {
  const who = LABEL[caller];
  const what = endpoint.action(whom);
  if (outcome === 'unlisted') return `${who} does not ${what} (200 without it)`;
  if (!refused(outcome)) return `${who} may ${what} (${outcome})`;
  return `${who} may not ${what} (${outcome})${endpoint.state ? '; nothing changes' : ''}`;
}

const newEmail = () => `matrix.${randomBytes(4).toString('hex')}@example.test`;

describeEachDb('users: access matrix', (ctx) => {
  let a = '';
  let b = '';
  const unitOf = new Map<string, string>();
  const tokens = new Map<Caller, string>();

  beforeAll(async () => {
    a = await createCompany(ctx(), 'Company A');
    b = await createCompany(ctx(), 'Company B');
    for (const companyId of [a, b]) {
      const [row] = await ctx().db.query<{ id: string }>(
        `INSERT INTO units (company_id, index, name) VALUES ($1, 1, 'Matrix unit') RETURNING id`,
        [companyId],
      );
      if (!row) throw new Error('unit not created');
      unitOf.set(companyId, row.id);
    }
    for (const role of ['Admin', 'PartnerAdmin', 'SuperUser', 'User'] as const) {
      tokens.set(role, await tokenFor(ctx(), role, a));
    }
  });

  afterAll(async () => {
    await ctx().mailer.idle();
  });

  const http = () => ctx().http();

  /** An unconfirmed user of the role: a member of the company, or a PartnerAdmin assigned it. */
  async function user(companyId: string, role: Role = 'User'): Promise<Target> {
    const partner = role === 'PartnerAdmin';
    const made = await ctx().createUser({
      role,
      confirmed: false,
      ...(partner ? {} : { companyId }),
    });
    if (partner) {
      await ctx().db.query('INSERT INTO user_companies (user_id, company_id) VALUES ($1, $2)', [
        made.id,
        companyId,
      ]);
    }
    return { companyId, email: made.email, id: made.id };
  }

  const newcomer = async (companyId: string): Promise<Target> => ({
    companyId,
    email: newEmail(),
    id: '',
  });

  const usersWithEmail = async ({ email }: Target) =>
    ctx().db.query('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);

  const row = ({ id }: Target) =>
    ctx().db.query(
      `SELECT email, display_name, role, language, two_factor_enabled, company_id
       FROM users WHERE id = $1`,
      [id],
    );

  const endpoints = {
    get: {
      name: 'GET /user/{id}',
      action: (whom) => `read ${whom}`,
      target: user,
      call: (t, auth) => auth(http().get(`/user/${t.id}`)),
    },
    list: {
      name: 'GET /user/{skip}/{take}',
      action: (whom) => `find ${whom} in the list`,
      target: user,
      call: (t, auth) => auth(http().get(`/user/0/10?query=${encodeURIComponent(t.email)}`)),
      finds: (body, t) =>
        (body as { records: { id: string }[] }).records.some((record) => record.id === t.id),
    },
    create: {
      name: 'POST /user',
      action: (whom) => `create ${whom}`,
      target: newcomer,
      call: (t, auth) =>
        auth(http().post('/user')).send({
          displayName: 'Matrix Newcomer',
          email: t.email,
          companyId: t.companyId,
          role: 'User',
          language: 'fi-FI',
        }),
      state: usersWithEmail,
    },
    update: {
      name: 'PUT /user',
      action: (whom) => `rename ${whom} and make them a SuperUser`,
      target: user,
      call: (t, auth) =>
        auth(http().put('/user')).send({
          id: t.id,
          displayName: 'Renamed by the matrix',
          email: t.email,
          role: 'SuperUser',
          language: 'sv',
          twoFactorEnabled: true,
        }),
      state: row,
    },
    remove: {
      name: 'DELETE /user',
      action: (whom) => `delete ${whom}`,
      target: user,
      call: (t, auth) => auth(http().delete('/user')).send({ email: t.email }),
      state: row,
    },
    units: {
      name: 'POST /user/units',
      action: (whom) => `limit ${whom} to a unit`,
      target: user,
      call: (t, auth) =>
        auth(http().post('/user/units')).send({
          email: t.email,
          unitIds: [unitOf.get(t.companyId)],
        }),
      state: ({ id }) => ctx().db.query('SELECT unit_id FROM user_units WHERE user_id = $1', [id]),
    },
    companies: {
      name: 'POST /user/companies',
      action: (whom) => `assign both companies to ${whom}`,
      whom: (side) => `a PartnerAdmin assigned company ${side}`,
      target: (companyId) => user(companyId, 'PartnerAdmin'),
      call: (t, auth) =>
        auth(http().post('/user/companies')).send({ email: t.email, companyIds: [a, b] }),
      state: ({ id }) =>
        ctx().db.query(
          'SELECT company_id FROM user_companies WHERE user_id = $1 ORDER BY company_id',
          [id],
        ),
    },
    resend: {
      name: 'POST /user/ResendConfirmationEmail',
      action: (whom) => `send ${whom} a new confirmation link`,
      target: user,
      call: (t, auth) =>
        auth(http().post('/user/ResendConfirmationEmail')).send({ email: t.email }),
      state: async ({ id, email }) => ({
        codes: await ctx().db.query('SELECT id FROM account_codes WHERE user_id = $1', [id]),
        mails: (await ctx().mail.messages()).filter((mail) => mail.to.includes(email)).length,
      }),
    },
    import: {
      name: 'POST /import/users',
      action: (whom) => `import ${whom}`,
      target: newcomer,
      call: async (t, auth) => {
        const file = await xlsx([
          ['email', 'display name', 'language code'],
          [t.email, 'Matrix Import', 'en-US'],
        ]);
        return auth(http().post('/import/users'))
          .field('companyId', t.companyId)
          .attach('file', file, 'users.xlsx');
      },
      state: usersWithEmail,
    },
  } satisfies Record<string, Endpoint>;
  type Key = keyof typeof endpoints;

  /** Sends the call as the caller against a fresh target in the side's company and checks it. */
  async function check(endpoint: Endpoint, caller: Caller, side: Side, expected: Outcome) {
    const target = await endpoint.target(side === 'A' ? a : b);
    const before = await endpoint.state?.(target);
    const token = tokens.get(caller);
    const res = await endpoint.call(target, (test) =>
      token ? test.set('Authorization', `Bearer ${token}`) : test,
    );
    const unlisted = res.status === 200 && endpoint.finds && !endpoint.finds(res.body, target);
    const outcome: Outcome = unlisted ? 'unlisted' : res.status;
    // The problem detail is in the comparison so a failure shows the reason the API gave.
    expect({ outcome, detail: problemOf(res.body).detail }).toEqual({
      outcome: expected,
      detail: DETAIL[expected],
    });
    if (!endpoint.state) return;
    const after = await endpoint.state(target);
    if (refused(expected)) expect(after).toEqual(before);
    else expect(after).not.toEqual(before);
  }

  describe('by the company of the target', () => {
    // Admin: any company. PartnerAdmin: assigned companies. SuperUser: its own company.
    // User: no user management at all. Anonymous: 401 everywhere.
    const scoped = {
      anonymous: [401, 401],
      Admin: [200, 200],
      PartnerAdmin: [200, 403],
      SuperUser: [200, 403],
      User: [403, 403],
    } as const;
    const matrix: Record<Key, Record<Caller, Row>> = {
      get: scoped,
      list: { ...scoped, PartnerAdmin: [200, 'unlisted'], SuperUser: [200, 'unlisted'] },
      create: { ...scoped, Admin: [201, 201], PartnerAdmin: [201, 403], SuperUser: [201, 403] },
      update: scoped,
      remove: { ...scoped, Admin: [204, 204], PartnerAdmin: [204, 403], SuperUser: [204, 403] },
      units: scoped,
      // Nobody but an Admin manages a PartnerAdmin, whichever company it is assigned.
      companies: { ...scoped, PartnerAdmin: [403, 403], SuperUser: [403, 403] },
      resend: scoped,
      import: scoped,
    };

    for (const key of Object.keys(endpoints) as Key[]) {
      const endpoint: Endpoint = endpoints[key];
      describe(endpoint.name, () => {
        const cases = CALLERS.flatMap((caller) =>
          (['A', 'B'] as const).map((side) => {
            const outcome = matrix[key][caller][side === 'A' ? 0 : 1];
            const whom = endpoint.whom?.(side) ?? `a user of company ${side}`;
            return [title(endpoint, caller, whom, outcome), caller, side, outcome] as const;
          }),
        );
        it.each(cases)('%s', async (_title, caller, side, outcome) => {
          await check(endpoint, caller, side, outcome);
        });
      });
    }
  });

  describe('by the role of the target (all in company A)', () => {
    // Nobody but an Admin manages a user whose role they could not give: a PartnerAdmin or
    // SuperUser manages SuperUsers and Users only, not an Admin (which POST /user makes a member of
    // a company) nor a PartnerAdmin assigned their company.
    const managers = ['Admin', 'PartnerAdmin', 'SuperUser'] as const;
    const whom: Record<(typeof managers)[number], string> = {
      Admin: 'an Admin of company A',
      PartnerAdmin: 'a PartnerAdmin assigned company A',
      SuperUser: 'a SuperUser of company A',
    };
    // Each call with the outcome when the caller may manage the target and when it may not.
    const calls: [Endpoint, Outcome, Outcome][] = [
      [endpoints.get, 200, 403],
      [endpoints.list, 200, 'unlisted'],
      [endpoints.update, 200, 403],
      [endpoints.remove, 204, 403],
      [endpoints.resend, 200, 403],
    ];
    const cases = managers.flatMap((targetRole) =>
      calls.flatMap(([call, allowed, denied]) => {
        const endpoint: Endpoint = { ...call, target: (companyId) => user(companyId, targetRole) };
        return managers.map((caller) => {
          const mayManage = caller === 'Admin' || targetRole === 'SuperUser';
          const outcome = mayManage ? allowed : denied;
          const name = `${endpoint.name}: ${title(endpoint, caller, whom[targetRole], outcome)}`;
          return [name, endpoint, caller, outcome] as const;
        });
      }),
    );
    it.each(cases)('%s', async (_name, endpoint, caller, outcome) => {
      await check(endpoint, caller, 'A', outcome);
    });
  });
});
