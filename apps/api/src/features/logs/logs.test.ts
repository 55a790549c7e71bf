import { ROLES, type Role } from '../../lib/auth.js';
import { describeEachDb, problemOf } from '../../test/harness.js';

// Fixture rows in March 2025, long before anything the suite itself sends; ids rise in this order.
const FIXTURE = [
  ['2025-03-01T10:00:00Z', 'request', 'anna@one.test', 'Welcome', null],
  ['2025-03-01T10:00:05Z', 'delivered', 'anna@one.test', 'Welcome', null],
  ['2025-03-02T23:30:00Z', 'error', 'bert@two.test', 'Reset your password', 'ECONNREFUSED'],
  ['2025-03-03T00:30:00Z', 'soft_bounce', 'Cecilia@Example.TEST', 'Weekly 100%_report', 'full'],
  ['2025-03-04T12:00:00Z', 'delivered', 'cecilia@example.test', 'Weekly 100% report', ''],
  ['2025-03-04T12:00:00Z', 'click', 'cecilia@example.test', 'Weekly 100% report', null],
] as const;
const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };

/** The fixture rows of an answer as 1-based fixture numbers, in answer order. */
const numbers = (records: { date: string; event: string; email: string; subject: string }[]) =>
  records.map(
    (r) =>
      FIXTURE.findIndex(
        ([date, event, email, subject]) =>
          new Date(date).toISOString() === r.date &&
          event === r.event &&
          email === r.email &&
          subject === r.subject,
      ) + 1,
  );

describeEachDb('logs: the email delivery log', (ctx) => {
  const tokens = new Map<Role, string>();

  beforeAll(async () => {
    for (const [date, event, email, subject, reason] of FIXTURE) {
      await ctx().db.query(
        `INSERT INTO email_log (created_at, event, email, subject, reason, message_id)
         VALUES ($1, $2, $3, $4, $5, '<fixture-' || gen_random_uuid() || '@test>')`,
        [date, event, email, subject, reason],
      );
    }
    for (const role of ROLES) {
      const user = await ctx().createUser({ role });
      const res = await ctx().http().post('/account/login').send(user).expect(200);
      tokens.set(role, res.body.token as string);
    }
  });

  const get = (path: string, query: Record<string, string | number | boolean> = {}) =>
    ctx()
      .http()
      .get(path)
      .query(query)
      .set('authorization', `Bearer ${tokens.get('Admin') ?? ''}`);
  const filter = async (query: Record<string, string | number | boolean>) => {
    const res = await get('/logging/filter/', { ...MARCH, ...query });
    expect(res.status).toBe(200);
    return { rows: numbers(res.body.records), total: res.body.totalRecords as number };
  };

  describe('listing', () => {
    it('answers records with date, event, email, subject and reason, newest first', async () => {
      const res = await get('/logging/filter/', MARCH);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.totalRecords).toBe(6);
      expect(res.body.records[2]).toEqual({
        id: expect.stringMatching(/^\d+$/),
        date: '2025-03-03T00:30:00.000Z',
        event: 'soft_bounce',
        email: 'Cecilia@Example.TEST',
        subject: 'Weekly 100%_report',
        reason: 'full',
      });
      // Same instant: the later insert comes first.
      expect(numbers(res.body.records)).toEqual([6, 5, 4, 3, 2, 1]);
    });

    it('pages with skip and take and counts every matching entry', async () => {
      expect(await filter({ skip: 2, take: 2 })).toEqual({ rows: [4, 3], total: 6 });
      expect(await filter({ skip: 6, take: 2 })).toEqual({ rows: [], total: 6 });
    });

    it('takes 50 entries when take is not given', async () => {
      for (let i = 0; i < 55; i += 1) {
        await ctx().db.query(
          `INSERT INTO email_log (created_at, event, email, subject)
           VALUES ('2024-06-01T12:00:00Z', 'request', 'bulk@many.test', $1)`,
          [`Bulk ${i}`],
        );
      }
      const res = await get('/logging/filter/', { query: 'bulk@many' });
      expect(res.body.records).toHaveLength(50);
      expect(res.body.totalRecords).toBe(55);
      expect(res.body.records[0].subject).toBe('Bulk 54');
    });

    it('GET /logging/{skip}/{take} lists every entry newest first', async () => {
      const [{ total } = { total: -1 }] = await ctx().db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM email_log',
      );
      const res = await get('/logging/0/500');
      expect(res.status).toBe(200);
      expect(res.body.totalRecords).toBe(total);
      const dates = (res.body.records as { date: string }[]).map((r) => r.date);
      expect(dates).toEqual([...dates].sort().reverse());
      const page = await get('/logging/1/2');
      expect(page.body.records).toEqual(res.body.records.slice(1, 3));
    });
  });

  describe('filters', () => {
    it('filters by event; all means every event', async () => {
      expect((await filter({ event: 'delivered' })).rows).toEqual([5, 2]);
      expect((await filter({ event: 'spam' })).rows).toEqual([]);
      expect((await filter({ event: 'all' })).total).toBe(6);
    });

    it('keeps whole days from startDate to endDate, both inclusive, in UTC by default', async () => {
      expect((await filter({ startDate: '2025-03-02', endDate: '2025-03-02' })).rows).toEqual([3]);
      expect((await filter({ startDate: '2025-03-04', endDate: '' })).rows).toEqual([6, 5]);
      const untilFirst = await filter({ startDate: '', endDate: '2025-03-01', query: '.test' });
      expect(untilFirst.rows.filter((n) => n > 0)).toEqual([2, 1]);
    });

    it("reads the days in the caller's time zone", async () => {
      // 23:30Z on the 2nd and 00:30Z on the 3rd are both the 3rd in Helsinki (UTC+2).
      const helsinki = { startDate: '2025-03-03', endDate: '2025-03-03' };
      expect((await filter({ ...helsinki, timeZone: 'Europe/Helsinki' })).rows).toEqual([4, 3]);
      expect((await filter(helsinki)).rows).toEqual([4]);
    });

    it('searches email and subject case-insensitively, with % and _ matching themselves', async () => {
      expect((await filter({ query: 'example.test' })).rows).toEqual([6, 5, 4]);
      expect((await filter({ query: 'RESET your' })).rows).toEqual([3]);
      expect((await filter({ query: '100%_' })).rows).toEqual([4]);
      expect((await filter({ query: '  anna@one  ' })).rows).toEqual([2, 1]);
      expect((await filter({ query: 'nobody' })).total).toBe(0);
    });

    it('hasReason keeps only entries with a reason', async () => {
      expect((await filter({ hasReason: true })).rows).toEqual([4, 3]);
      expect((await filter({ hasReason: false })).total).toBe(6);
    });

    it('combines every filter', async () => {
      const all = { event: 'soft_bounce', query: 'weekly', hasReason: true };
      expect(
        (await filter({ ...all, startDate: '2025-03-03', endDate: '2025-03-04' })).rows,
      ).toEqual([4]);
      expect((await filter({ ...all, event: 'delivered' })).rows).toEqual([]);
      expect((await filter({ event: 'delivered', query: 'cecilia' })).rows).toEqual([5]);
    });
  });

  describe('validation', () => {
    it.each([
      [{ event: 'bounced' }, 'event', 'validation.invalid'],
      [{ startDate: '2025-02-30' }, 'startDate', 'validation.invalid'],
      [{ startDate: '5.3.2025' }, 'startDate', 'validation.invalid'],
      [{ endDate: '2025-3-5' }, 'endDate', 'validation.invalid'],
      [{ startDate: '2025-03-05', endDate: '2025-03-04' }, 'endDate', 'logs.filter.endBeforeStart'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'validation.invalid'],
      [{ hasReason: 'yes' }, 'hasReason', 'validation.invalid'],
      [{ skip: -1 }, 'skip', 'validation.invalid'],
      [{ take: 0 }, 'take', 'validation.invalid'],
      [{ take: 501 }, 'take', 'validation.invalid'],
      [{ query: 'x'.repeat(201) }, 'query', 'validation.invalid'],
    ])('answers 400 for %j', async (query, field, message) => {
      const res = await get('/logging/filter/', query);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(problemOf(res.body)).toMatchObject({
        detail: 'validation-failed',
        errors: [{ field, message }],
      });
    });

    it('lists every bad parameter at once, and a repeated one is invalid', async () => {
      const res = await get('/logging/filter/?event=a&event=b&startDate=x&take=y');
      expect(problemOf(res.body).errors).toEqual([
        { field: 'event', message: 'validation.invalid' },
        { field: 'startDate', message: 'validation.invalid' },
        { field: 'take', message: 'validation.invalid' },
      ]);
    });

    it.each([
      ['/logging/x/10', 'skip'],
      ['/logging/0/1000', 'take'],
      ['/logging/0/0', 'take'],
    ])('answers 400 for %s', async (path, field) => {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(problemOf(res.body).errors).toEqual([{ field, message: 'validation.invalid' }]);
    });
  });

  describe('access: Admin only', () => {
    const paths = ['/logging/filter/', '/logging/0/50'];

    it.each(paths)('%s answers 401 without a token or with a bad one', async (path) => {
      expect((await ctx().http().get(path)).body.detail).toBe('unauthenticated');
      const bad = await ctx().http().get(path).set('authorization', 'Bearer nonsense');
      expect(bad.status).toBe(401);
    });

    it.each(paths.flatMap((path) => ROLES.map((role) => [path, role] as const)))(
      '%s as %s',
      async (path, role) => {
        const res = await ctx()
          .http()
          .get(path)
          .set('authorization', `Bearer ${tokens.get(role) ?? ''}`);
        expect(res.status).toBe(role === 'Admin' ? 200 : 403);
        if (role !== 'Admin') expect(res.body.detail).toBe('forbidden');
      },
    );

    it('checks the role before validating, so others learn nothing about the parameters', async () => {
      const res = await ctx()
        .http()
        .get('/logging/filter/?event=nonsense')
        .set('authorization', `Bearer ${tokens.get('User') ?? ''}`);
      expect(res.status).toBe(403);
    });
  });
});
