// The delivery log through the gateway, against the real apps/api: real emails make the rows.
import type { RunningGateway } from '../../index.js';
import { DEMO_PASSWORD, fromMail, startApi, type TestApi } from '../../test/api.js';
import { gql, startTestGateway, type GraphQLBody } from '../../test/gateway.js';

const LOG = `query Log($filter: DeliveryLogFilter, $skip: Int, $take: Int) {
  deliveryLog(filter: $filter, skip: $skip, take: $take) {
    totalRecords records { date event email subject reason }
  }
}`;
const LOGIN = `mutation($email: String!, $password: String!) {
  login(email: $email, password: $password, delivery: TOKEN) { session { token } }
}`;

interface Page {
  totalRecords: number;
  records: { date: string; event: string; email: string; subject: string; reason: string | null }[];
}

let api: TestApi;
let gateway: RunningGateway;
const tokens = new Map<string, string>();

async function tokenOf(email: string): Promise<string> {
  const known = tokens.get(email);
  if (known) return known;
  const res = await gql(gateway.url, LOGIN, { email, password: DEMO_PASSWORD });
  const token = (res.body as { data: { login: { session: { token: string } } } }).data.login.session
    .token;
  tokens.set(email, token);
  return token;
}

async function deliveryLog(variables: Record<string, unknown>, as = 'admin@demo.test') {
  const headers: Record<string, string> = as
    ? { authorization: `Bearer ${await tokenOf(as)}` }
    : {};
  return (await gql(gateway.url, LOG, variables, headers)).body as GraphQLBody;
}
const pageOf = (body: GraphQLBody) => body.data?.deliveryLog as Page;

/** Waits until the mailer has written the `delivered` row of the newest mail to `email`. */
async function deliveredTo(email: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const page = pageOf(await deliveryLog({ filter: { event: 'DELIVERED', query: email } }));
    if (page.totalRecords > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no delivered entry for ${email}`);
}

beforeAll(async () => {
  api = await startApi();
  gateway = await startTestGateway({ API_URL: api.url });
  // A real email: the password reset of the demo User.
  const reset = await gql(
    gateway.url,
    'mutation { requestPasswordReset(email: "user@demo.test", language: "en-US") }',
  );
  expect(reset.body).toEqual({ data: { requestPasswordReset: true } });
  await fromMail(api, 'user@demo.test', /(\/account\/reset\/confirm\/\S+)/);
  await deliveredTo('user@demo.test');
});
afterAll(async () => {
  await gateway?.close();
  await api?.close();
});

describe('deliveryLog', () => {
  it("lists a sent email's REQUEST and DELIVERED entries, newest first", async () => {
    const body = await deliveryLog({ filter: { query: 'USER@demo.test' } });
    expect(body.errors).toBeUndefined();
    const page = pageOf(body);
    expect(page.totalRecords).toBe(2);
    expect(page.records).toEqual([
      {
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        event: 'DELIVERED',
        email: 'user@demo.test',
        subject: 'Reset your Survey Console password',
        reason: null,
      },
      expect.objectContaining({ event: 'REQUEST', email: 'user@demo.test' }),
    ]);
    expect(Date.parse(page.records[0]?.date ?? '')).toBeGreaterThanOrEqual(
      Date.parse(page.records[1]?.date ?? ''),
    );
  });

  it('includes the demo confirmation email, and lists everything with no filter', async () => {
    await deliveredTo('newcomer@demo.test');
    const page = pageOf(await deliveryLog({}));
    expect(page.totalRecords).toBeGreaterThanOrEqual(4);
    expect(page.records.map((r) => r.email)).toEqual(
      expect.arrayContaining(['newcomer@demo.test', 'user@demo.test']),
    );
  });

  it('passes the event filter as the REST event name and back', async () => {
    const page = pageOf(await deliveryLog({ filter: { event: 'REQUEST', query: 'demo.test' } }));
    expect(page.records.length).toBeGreaterThanOrEqual(2);
    expect(new Set(page.records.map((r) => r.event))).toEqual(new Set(['REQUEST']));
    const none = pageOf(await deliveryLog({ filter: { event: 'HARD_BOUNCE' } }));
    expect(none).toEqual({ totalRecords: 0, records: [] });
  });

  it("filters by days in the caller's time zone, and by failures only", async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(
      new Date(),
    );
    const days = { startDate: today, endDate: today, timeZone: 'Europe/Helsinki' };
    expect(pageOf(await deliveryLog({ filter: { ...days, query: 'user@' } })).totalRecords).toBe(2);
    const past = { startDate: '2000-01-01', endDate: '2000-12-31' };
    expect(pageOf(await deliveryLog({ filter: past })).totalRecords).toBe(0);
    const failures = pageOf(await deliveryLog({ filter: { hasReason: true } }));
    expect(failures.records.every((r) => r.reason)).toBe(true);
  });

  it('pages with skip and take', async () => {
    const all = pageOf(await deliveryLog({ filter: { query: 'user@demo.test' } }));
    const second = pageOf(
      await deliveryLog({ filter: { query: 'user@demo.test' }, skip: 1, take: 1 }),
    );
    expect(second).toEqual({ totalRecords: 2, records: [all.records[1]] });
  });

  it('answers BAD_USER_INPUT with the fields when the dates are wrong', async () => {
    const body = await deliveryLog({
      filter: { startDate: '2026-03-05', endDate: '2026-03-04' },
    });
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'endDate', message: 'logs.filter.endBeforeStart' }],
    });
    const bad = await deliveryLog({ filter: { startDate: '5.3.2026' }, take: 1000 });
    expect(bad.errors?.[0]?.extensions?.fieldErrors).toEqual([
      { field: 'startDate', message: 'validation.invalid' },
      { field: 'take', message: 'validation.invalid' },
    ]);
  });

  it('refuses an event that does not exist before calling the API', async () => {
    const body = await deliveryLog({ filter: { event: 'delivered' } });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it.each(['partner@demo.test', 'super@demo.test', 'user@demo.test'])(
    'is FORBIDDEN to %s',
    async (email) => {
      const body = await deliveryLog({}, email);
      expect(body.data).toBeNull();
      expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    },
  );

  it('is UNAUTHENTICATED without a session', async () => {
    const body = await deliveryLog({}, '');
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
