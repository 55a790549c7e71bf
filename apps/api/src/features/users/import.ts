// POST /import/users: adds users of role User to one company from an .xlsx (administration.md
// sections 2, 5 and 7), under the rules of POST /user: the company must be within the caller's
// reach, emails are unique across all users, and each new user gets a confirmation email.
import { Router } from 'express';
import { z } from 'zod';
import { accountService, type AccountService } from '../account/index.js';
import type { Config } from '../../env.js';
import {
  authenticate,
  currentUser,
  requireRole,
  type AuthUser,
  type Tokens,
} from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import {
  checkRows,
  ensureUnits,
  importResult,
  type FailedImport,
  type ImportResult,
} from '../../lib/imports.js';
import type { MailOutbox } from '../../lib/mail-queue.js';
import { readSpreadsheet } from '../../lib/spreadsheet.js';
import { readImportUpload } from '../../lib/upload.js';
import * as q from './queries.js';

const INVALID = 'validation.invalid';
const fields = z.object({ companyId: z.uuid({ error: INVALID }) });

export function usersImport({ db, accounts }: { db: Db; accounts: AccountService }) {
  async function reaches(caller: AuthUser, companyId: string): Promise<boolean> {
    if (caller.role === 'Admin') return true;
    if (caller.role === 'PartnerAdmin') {
      return (await q.assignedCompanyIds(db, caller.id)).includes(companyId);
    }
    return caller.role === 'SuperUser' && caller.companyId === companyId;
  }

  return {
    async import(
      caller: AuthUser,
      input: { companyId: string; file: Buffer },
    ): Promise<ImportResult> {
      if ((await q.existingCompanyIds(db, [input.companyId])).length === 0) {
        throw new HttpError('validation-failed', [{ field: 'companyId', message: INVALID }]);
      }
      if (!(await reaches(caller, input.companyId))) throw new HttpError('forbidden');

      const { valid, failed } = checkRows(await readSpreadsheet(input.file), 'display');
      const inUse = (row: { row: number; email: string }): FailedImport => ({
        row: row.row,
        email: row.email,
        reason: 'email_in_use',
      });
      const ids = await db.transaction(async (tx) => {
        const present = await tx.query<{ email: string }>(
          'SELECT lower(email) AS email FROM users WHERE lower(email) = ANY($1::text[])',
          [valid.map((row) => row.email.toLowerCase())],
        );
        const taken = new Set(present.map((row) => row.email));
        failed.push(...valid.filter((row) => taken.has(row.email.toLowerCase())).map(inUse));
        const fresh = valid.filter((row) => !taken.has(row.email.toLowerCase()));
        if (fresh.length === 0) return [];

        const inserted = await tx.query<{ id: string; email: string }>(
          `INSERT INTO users (email, display_name, role, language, company_id, email_confirmed)
           SELECT x.email, x.display_name, 'User', x.language, $1, false
           FROM unnest($2::text[], $3::text[], $4::text[]) AS x(email, display_name, language)
           ON CONFLICT (lower(email)) DO NOTHING
           RETURNING id, lower(email) AS email`,
          [
            input.companyId,
            fresh.map((row) => row.email),
            fresh.map((row) => row.displayName),
            fresh.map((row) => row.languageCode),
          ],
        );
        const added = new Map(inserted.map((row) => [row.email, row.id]));
        // A user created meanwhile lost the unique index: the email is in use.
        failed.push(...fresh.filter((row) => !added.has(row.email.toLowerCase())).map(inUse));
        const kept = fresh.filter((row) => added.has(row.email.toLowerCase()));

        const unitIds = await ensureUnits(tx, input.companyId, kept);
        const userIds: string[] = [];
        const units: string[] = [];
        kept.forEach((row, i) => {
          for (const unit of unitIds[i] ?? []) {
            userIds.push(added.get(row.email.toLowerCase()) ?? '');
            units.push(unit);
          }
        });
        if (units.length > 0) {
          await tx.query(
            `INSERT INTO user_units (user_id, unit_id)
             SELECT * FROM unnest($1::uuid[], $2::uuid[]) ON CONFLICT DO NOTHING`,
            [userIds, units],
          );
        }
        // Their confirmation mails commit with the accounts (the mail queue's outbox).
        for (const row of inserted) await accounts.sendConfirmation(row.id, { tx, queue: 'bulk' });
        return inserted.map((row) => row.id);
      });
      return importResult(ids.length, failed);
    },
  };
}

export interface UsersImportDeps {
  db: Db;
  outbox: MailOutbox;
  config: Pick<Config, 'WEB_URL'>;
  tokens: Tokens;
}

/** Mounted at the root; Admin, PartnerAdmin and SuperUser for companies within their reach. */
export function usersImportRoutes(deps: UsersImportDeps): Router {
  const service = usersImport({ db: deps.db, accounts: accountService(deps) });
  const router = Router();
  router.post(
    '/import/users',
    authenticate(deps.tokens),
    requireRole('Admin', 'PartnerAdmin', 'SuperUser'),
    async (req, res) => {
      res.set('Cache-Control', 'no-store');
      const { fields: form, file } = await readImportUpload(req, fields);
      res.json(await service.import(currentUser(req), { companyId: form.companyId, file }));
    },
  );
  return router;
}
