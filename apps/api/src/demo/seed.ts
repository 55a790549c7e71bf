import type { Db } from '../lib/db.js';
import { hashPassword } from '../lib/passwords.js';
import { DEMO_ACCOUNTS, DEMO_COMPANY, PENDING_DEMO_ACCOUNT } from './accounts.js';
import { seedDemoCompanies } from './companies.js';
import { seedDemoSurveys } from './surveys.js';

/** Creates the demo company and accounts; rows that exist already are left as they are. */
export async function seedDemo(db: Db, password: string): Promise<void> {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(password)));
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO companies (id, name, industry_id, size_id, settings) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO NOTHING`,
      [
        DEMO_COMPANY.id,
        DEMO_COMPANY.name,
        DEMO_COMPANY.industryId,
        DEMO_COMPANY.sizeId,
        DEMO_COMPANY.settings,
      ],
    );
    await seedDemoCompanies(tx);
    await seedDemoSurveys(tx);
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      await tx.query(
        `INSERT INTO users (id, email, display_name, role, language, password_hash, email_confirmed,
           two_factor_enabled, company_id, localized_reports)
         VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8, $9)
         ON CONFLICT DO NOTHING`,
        [
          account.id,
          account.email,
          account.displayName,
          account.role,
          account.language,
          hashes[index] ?? null,
          account.twoFactor,
          account.company === 'member' ? DEMO_COMPANY.id : null,
          account.localizedReports ?? false,
        ],
      );
      if (account.company === 'assigned') {
        await tx.query(
          `INSERT INTO user_companies (user_id, company_id) SELECT id, $2 FROM users WHERE id = $1
           ON CONFLICT DO NOTHING`,
          [account.id, DEMO_COMPANY.id],
        );
      }
    }
    const pending = PENDING_DEMO_ACCOUNT;
    await tx.query(
      `INSERT INTO users (id, email, display_name, role, language, email_confirmed, company_id)
       VALUES ($1, $2, $3, $4, $5, false, $6)
       ON CONFLICT DO NOTHING`,
      [
        pending.id,
        pending.email,
        pending.displayName,
        pending.role,
        pending.language,
        DEMO_COMPANY.id,
      ],
    );
  });
}

/** Seeds only a database without any user: the first start, never over real data. */
export async function seedDemoIfEmpty(db: Db, password: string): Promise<boolean> {
  const [row] = await db.query<{ empty: boolean }>(
    'SELECT NOT EXISTS (SELECT 1 FROM users) AS empty',
  );
  if (!row?.empty) return false;
  await seedDemo(db, password);
  return true;
}

/** Whether the invited demo account waits for a confirmation link that was never sent. */
export async function demoInvitationUnsent(db: Db): Promise<boolean> {
  const [row] = await db.query<{ unsent: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM users u WHERE u.id = $1 AND NOT u.email_confirmed
         AND NOT EXISTS (SELECT 1 FROM account_codes c WHERE c.user_id = u.id AND c.purpose = 'confirm')
     ) AS unsent`,
    [PENDING_DEMO_ACCOUNT.id],
  );
  return row?.unsent ?? false;
}

/** The demo accounts present in the database (what the start banner may promise). */
export async function presentDemoAccounts(db: Db) {
  const rows = await db.query<{ email: string }>(
    'SELECT lower(email) AS email FROM users WHERE lower(email) = ANY($1::text[])',
    [DEMO_ACCOUNTS.map((account) => account.email)],
  );
  const present = new Set(rows.map((row) => row.email));
  return DEMO_ACCOUNTS.filter((account) => present.has(account.email));
}
