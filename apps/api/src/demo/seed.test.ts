import { backends, openTestDb, type TestDb } from '../test/harness.js';
import { DEMO_ACCOUNTS, PENDING_DEMO_ACCOUNT } from './accounts.js';
import { insertCode } from '../features/account/queries.js';
import { demoInvitationUnsent, seedDemo, seedDemoIfEmpty } from './seed.js';

for (const backend of backends()) {
  describe(`demo data [${backend}]`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await openTestDb(backend);
    });
    afterAll(() => test.close());

    const counts = () =>
      test.db.query<{ users: number; companies: number; assignments: number }>(
        `SELECT (SELECT count(*) FROM users)::int AS users,
                (SELECT count(*) FROM companies)::int AS companies,
                (SELECT count(*) FROM user_companies)::int AS assignments`,
      );
    const answers = () =>
      test.db.query<{ participants: number; responses: number; comments: number }>(
        `SELECT (SELECT count(*) FROM participants)::int AS participants,
                (SELECT count(*) FROM responses)::int AS responses,
                (SELECT count(*) FROM comments)::int AS comments`,
      );

    it('seeds an empty database with the demo company, one confirmed account per role and one invited account', async () => {
      expect(await seedDemoIfEmpty(test.db, 'DemoPass2026')).toBe(true);
      expect(await counts()).toEqual([{ users: 6, companies: 3, assignments: 1 }]);
      const rows = await test.db.query<{ email: string; role: string; confirmed: boolean }>(
        'SELECT email, role, email_confirmed AS confirmed FROM users ORDER BY email',
      );
      expect(rows.filter((row) => !row.confirmed).map((row) => row.email)).toEqual([
        PENDING_DEMO_ACCOUNT.email,
      ]);
      expect(new Set(rows.map((row) => row.role))).toEqual(
        new Set(['Admin', 'PartnerAdmin', 'SuperUser', 'User']),
      );
    });

    it('says the invited account waits for its confirmation link until one is sent', async () => {
      expect(await demoInvitationUnsent(test.db)).toBe(true);
      await insertCode(test.db, {
        userId: PENDING_DEMO_ACCOUNT.id,
        purpose: 'confirm',
        codeHash: 'sent',
        ttlMinutes: 60,
      });
      expect(await demoInvitationUnsent(test.db)).toBe(false);
    });

    it('changes nothing when run again, generated answers included', async () => {
      const before = await answers();
      expect(before[0]?.participants).toBeGreaterThan(1400);
      expect(await seedDemoIfEmpty(test.db, 'DemoPass2026')).toBe(false);
      await seedDemo(test.db, 'OtherPass2026');
      expect(await counts()).toEqual([{ users: 6, companies: 3, assignments: 1 }]);
      expect(await answers()).toEqual(before);
    });

    it('never seeds a database that has users of its own', async () => {
      await test.db.query(`DELETE FROM users WHERE email = $1`, [DEMO_ACCOUNTS[0]?.email ?? '']);
      expect(await seedDemoIfEmpty(test.db, 'DemoPass2026')).toBe(false);
      expect((await counts())[0]?.users).toBe(5);
    });
  });
}
