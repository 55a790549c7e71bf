// Users and their unit or company access through the gateway, against the real apps/api.
import { fromMail } from '../../test/api.js';
import { gql, startTestGateway, type GraphQLBody } from '../../test/gateway.js';
import { setupApiAndGateway } from '../../test/signedIn.js';
import { startRecordingProxy } from '../../test/upstream.js';

const DEMO_COMPANY = 'de300000-0000-4000-8000-000000000001';
const USER_FIELDS = `id email displayName role language twoFactorEnabled emailConfirmed
  company { id name } companies { id name } units { id index name }`;
const USERS = `query Users($skip: Int, $take: Int, $filter: String, $order: UserOrder) {
  users(skip: $skip, take: $take, filter: $filter, order: $order) { totalRecords records { ${USER_FIELDS} } }
}`;
const USER = `query User($id: ID!) { user(id: $id) { ${USER_FIELDS} } }`;
const RESULT = `ok fieldErrors { field message } user { ${USER_FIELDS} }`;
const CREATE = `mutation Create($input: CreateUserInput!) { createUser(input: $input) { ${RESULT} } }`;
const UPDATE = `mutation Update($input: UpdateUserInput!) { updateUser(input: $input) { ${RESULT} } }`;
const DELETE = 'mutation Delete($email: String!) { deleteUser(email: $email) }';
const UNITS = `mutation Units($email: String!, $unitIds: [ID!]!) {
  setUserUnits(email: $email, unitIds: $unitIds) { ${RESULT} }
}`;
const COMPANIES = `mutation Companies($email: String!, $companyIds: [ID!]!) {
  setUserCompanies(email: $email, companyIds: $companyIds) { ${RESULT} }
}`;
const RESEND =
  'mutation Resend($email: String!) { resendConfirmation(email: $email) { delivered reason } }';

const stack = setupApiAndGateway();
const { as } = stack;

const data = <T>(body: GraphQLBody, field: string) => {
  expect(body.errors).toBeUndefined();
  return body.data?.[field] as T;
};

type UserData = { id: string; email: string; role: string; units: unknown[] };
type Result = { ok: boolean; fieldErrors: unknown[]; user: UserData | null };

let count = 0;
const input = (overrides: Record<string, unknown> = {}) => {
  count += 1;
  return {
    displayName: `Gateway Person ${count}`,
    email: `gateway.person${count}@example.test`,
    companyId: DEMO_COMPANY,
    role: 'USER',
    language: 'fi-FI',
    ...overrides,
  };
};

describe('users', () => {
  it('lists users a page at a time, sorted by email, with their company', async () => {
    const page = data<{ totalRecords: number; records: UserData[] }>(
      await as('admin@demo.test', USERS, { take: 2 }),
      'users',
    );
    expect(page.records).toHaveLength(2);
    expect(page.totalRecords).toBeGreaterThanOrEqual(6);
    const all = data<{ records: { email: string }[] }>(
      await as('admin@demo.test', USERS, { take: 100 }),
      'users',
    );
    const emails = all.records.map((r) => r.email);
    expect(emails).toEqual([...emails].sort());
    const desc = data<{ records: { email: string }[] }>(
      await as('admin@demo.test', USERS, { take: 100, order: { by: 'EMAIL', direction: 'DESC' } }),
      'users',
    );
    expect(desc.records.map((r) => r.email)).toEqual([...emails].reverse());
    const filtered = data<{ records: unknown[] }>(
      await as('admin@demo.test', USERS, { filter: 'SUPER@demo' }),
      'users',
    );
    expect(filtered.records).toEqual([
      expect.objectContaining({
        email: 'super@demo.test',
        role: 'SUPER_USER',
        company: { id: DEMO_COMPANY, name: 'Demo Oy' },
        emailConfirmed: true,
      }),
    ]);
  });

  it('shows a SuperUser only the users of its company and refuses a User', async () => {
    const page = data<{ records: { email: string }[] }>(
      await as('super@demo.test', USERS, { take: 100 }),
      'users',
    );
    expect(page.records.map((r) => r.email)).not.toContain('admin@demo.test');
    expect(page.records.map((r) => r.email)).toContain('user@demo.test');
    const refused = await as('user@demo.test', USERS);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await as(null, USERS);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('finds one user by id, and answers null for an unknown id', async () => {
    const user = data<UserData>(
      await as('admin@demo.test', USER, { id: 'de300000-0000-4000-8000-000000000104' }),
      'user',
    );
    expect(user).toMatchObject({ email: 'user@demo.test', role: 'USER', language: 'sv' });
    const none = await as('admin@demo.test', USER, { id: '00000000-0000-4000-8000-000000000000' });
    expect(none).toEqual({ data: { user: null } });
  });

  it.each([
    ['admin@demo.test', ['ADMIN', 'PARTNER_ADMIN', 'SUPER_USER', 'USER']],
    ['partner@demo.test', ['SUPER_USER', 'USER']],
    ['super@demo.test', ['SUPER_USER', 'USER']],
    ['user@demo.test', ['USER']],
    [null, []],
  ])('tells %s which roles it may give', async (email, roles) => {
    expect(data(await as(email, '{ assignableRoles }'), 'assignableRoles')).toEqual(roles);
  });

  describe('a client from before the ALL_CAPS roles (no Survey-Enum-Values header)', () => {
    const earlier = async (query: string, variables: Record<string, unknown> = {}) => {
      const headers = { authorization: `Bearer ${await stack.tokenOf('admin@demo.test')}` };
      const res = await gql(stack.gateway.url, query, variables, headers, {
        earlierEnumValues: true,
      });
      return res.body as GraphQLBody;
    };

    it('still reads the earlier spellings', async () => {
      expect(await earlier('{ assignableRoles me { role } }')).toEqual({
        data: {
          assignableRoles: ['Admin', 'PartnerAdmin', 'SuperUser', 'User'],
          me: { role: 'Admin' },
        },
      });
    });

    it('refuses a Survey-Enum-Values header it does not know, naming it', async () => {
      const res = await gql(
        stack.gateway.url,
        '{ assignableRoles }',
        {},
        {
          'survey-enum-values': 'ALL-CAPS',
        },
      );
      expect(res.status).toBe(400);
      expect((res.body as GraphQLBody).errors).toEqual([
        {
          message: 'The Survey-Enum-Values header must be ALL_CAPS, or left out.',
          extensions: { code: 'BAD_REQUEST', reason: 'bad_enum_values_header' },
        },
      ]);
    });

    it('may give a role in either spelling', async () => {
      for (const role of ['SuperUser', 'SUPER_USER']) {
        const body = await earlier(CREATE, { input: input({ role }) });
        expect(body.data?.createUser).toMatchObject({ ok: true, user: { role: 'SuperUser' } });
      }
    });
  });

  it('creates a user whose emailed link confirms the account and signs in', async () => {
    const given = input({ role: 'SUPER_USER' });
    const result = data<Result>(
      await as('partner@demo.test', CREATE, { input: given }),
      'createUser',
    );
    expect(result).toMatchObject({
      ok: true,
      fieldErrors: [],
      user: { email: given.email, role: 'SUPER_USER', emailConfirmed: false },
    });
    const link = await fromMail(stack.api, given.email, /(https?:\/\/\S+\/account\/confirm\/\S+)/);
    const [, , , userId, code] = new URL(link).pathname.split('/');
    expect(userId).toBe(result.user?.id);
    const confirmed = await gql(
      stack.gateway.url,
      `mutation($u: ID!, $c: String!) { confirmAccount(userId: $u, code: $c, password: "Fresh4Start", delivery: TOKEN) { status account { email role } } }`,
      { u: userId, c: code },
    );
    expect((confirmed.body as GraphQLBody).data?.confirmAccount).toEqual({
      status: 'SIGNED_IN',
      account: { email: given.email, role: 'SUPER_USER' },
    });
  });

  it('answers missing role and language as field errors the console translates', async () => {
    const result = data<Result>(
      await as('admin@demo.test', CREATE, { input: input({ role: null, language: null }) }),
      'createUser',
    );
    expect(result).toEqual({
      ok: false,
      user: null,
      fieldErrors: [
        { field: 'role', message: 'users.form.roleRequired' },
        { field: 'language', message: 'users.form.languageRequired' },
      ],
    });
  });

  it('refuses a role the account may not give as FORBIDDEN', async () => {
    const body = await as('super@demo.test', CREATE, { input: input({ role: 'ADMIN' }) });
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('updates, limits to units, resends the confirmation and deletes a user', async () => {
    const created = data<Result>(
      await as('super@demo.test', CREATE, { input: input() }),
      'createUser',
    );
    const user = created.user as UserData;
    const updated = data<Result>(
      await as('super@demo.test', UPDATE, {
        input: {
          id: user.id,
          displayName: 'Renamed',
          email: user.email,
          role: 'USER',
          language: 'sv',
        },
      }),
      'updateUser',
    );
    expect(updated.user).toMatchObject({ displayName: 'Renamed', language: 'sv' });

    const units = data<Result>(
      await as('super@demo.test', UNITS, {
        email: user.email,
        unitIds: ['00000000-0000-4000-8000-000000000000'],
      }),
      'setUserUnits',
    );
    expect(units).toMatchObject({
      ok: false,
      fieldErrors: [{ field: 'unitIds', message: 'users.units.invalid' }],
    });
    const none = data<Result>(
      await as('super@demo.test', UNITS, { email: user.email, unitIds: [] }),
      'setUserUnits',
    );
    expect(none).toMatchObject({ ok: true, user: { units: [] } });

    const resent = await as('super@demo.test', RESEND, { email: user.email });
    expect(resent).toEqual({ data: { resendConfirmation: { delivered: true, reason: null } } });

    expect(await as('super@demo.test', DELETE, { email: user.email })).toEqual({
      data: { deleteUser: true },
    });
    expect(await as('super@demo.test', USER, { id: user.id })).toEqual({ data: { user: null } });
  });

  it('lets an Admin assign companies to a PartnerAdmin', async () => {
    const result = data<Result>(
      await as('admin@demo.test', COMPANIES, {
        email: 'partner@demo.test',
        companyIds: [DEMO_COMPANY],
      }),
      'setUserCompanies',
    );
    expect(result).toMatchObject({
      ok: true,
      user: { companies: [{ id: DEMO_COMPANY, name: 'Demo Oy' }] },
    });
  });
});

describe('users and their companies', () => {
  it('resolves the companies of a whole page with one REST call, not one per user', async () => {
    // A recording proxy in front of the real API, with its own gateway.
    const proxy = await startRecordingProxy(stack.api.url);
    const recorded = await startTestGateway({ API_URL: proxy.url });
    try {
      const token = await stack.tokenOf('admin@demo.test');
      const res = await gql(
        recorded.url,
        '{ users(take: 100) { records { email company { name } companies { name } } } }',
        {},
        { authorization: `Bearer ${token}` },
      );
      const body = res.body as GraphQLBody;
      expect(body.errors).toBeUndefined();
      const records = (body.data?.users as { records: { company: unknown }[] }).records;
      expect(records.filter((r) => r.company !== null).length).toBeGreaterThan(1);
      const companyCalls = proxy.hits.filter((hit) => hit.url.startsWith('/companies'));
      // One look-up for all rows: `/companies/{id}` for one distinct company, `/companies` for more.
      expect(companyCalls).toHaveLength(1);
    } finally {
      await recorded.close();
      await proxy.close();
    }
  });
});
