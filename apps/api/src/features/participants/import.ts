// POST /import/participants/: adds a survey's participants from an .xlsx (administration.md
// sections 5 and 7). Rows are checked one by one; the valid ones and the units they name go in
// one transaction with a few set-based statements, so a large file takes seconds, not minutes.
import { Router } from 'express';
import { z } from 'zod';
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
import { readSpreadsheet } from '../../lib/spreadsheet.js';
import { readImportUpload } from '../../lib/upload.js';
import { surveysService } from '../surveys/index.js';
import { newPin } from './service.js';

const INVALID = 'validation.invalid';
const fields = z.object({
  companyId: z.uuid({ error: INVALID }),
  surveyId: z.uuid({ error: INVALID }),
});

export function participantsImport(db: Db) {
  const surveys = surveysService(db);
  return {
    async import(
      user: AuthUser,
      input: { companyId: string; surveyId: string; file: Buffer },
    ): Promise<ImportResult> {
      const survey = await surveys.get(user, input.surveyId); // 404 unknown, 403 other company
      const problem = (field: string, message: string) =>
        new HttpError('validation-failed', [{ field, message }]);
      if (survey.companyId !== input.companyId) throw problem('companyId', INVALID);
      if (survey.baseSurveyId) throw problem('surveyId', 'participants.trackingSurvey');

      const { valid, failed } = checkRows(await readSpreadsheet(input.file), 'firstAndLast');
      const imported = await db.transaction(async (tx) => {
        const present = await tx.query<{ email: string }>(
          `SELECT lower(email) AS email FROM participants
           WHERE survey_id = $1 AND lower(email) = ANY($2::text[])`,
          [survey.id, valid.map((row) => row.email.toLowerCase())],
        );
        const taken = new Set(present.map((row) => row.email));
        const already = (row: { row: number; email: string }): FailedImport => ({
          row: row.row,
          email: row.email,
          reason: 'already_in_survey',
        });
        failed.push(...valid.filter((row) => taken.has(row.email.toLowerCase())).map(already));
        const fresh = valid.filter((row) => !taken.has(row.email.toLowerCase()));
        if (fresh.length === 0) return 0;

        const unitIds = await ensureUnits(tx, survey.companyId, fresh);
        // One statement, one array per column (unnest is cheaper than a JSON document here).
        const inserted = await tx.query<{ email: string }>(
          `INSERT INTO participants (survey_id, email, first_name, last_name, language_code,
             pin_code, unit_ids)
           SELECT $1, x.email, x.first_name, x.last_name, x.language_code, x.pin_code,
             x.unit_ids::uuid[]
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
             AS x(email, first_name, last_name, language_code, pin_code, unit_ids)
           ON CONFLICT (survey_id, lower(email)) DO NOTHING
           RETURNING lower(email) AS email`,
          [
            survey.id,
            fresh.map((row) => row.email),
            fresh.map((row) => row.firstName),
            fresh.map((row) => row.lastName),
            fresh.map((row) => row.languageCode),
            fresh.map(() => newPin()),
            fresh.map((_row, i) => `{${(unitIds[i] ?? []).join(',')}}`),
          ],
        );
        // A row another import added meanwhile lost the unique index: it is already there.
        const added = new Set(inserted.map((row) => row.email));
        failed.push(...fresh.filter((row) => !added.has(row.email.toLowerCase())).map(already));
        return inserted.length;
      });
      return importResult(imported, failed);
    },
  };
}

/** Mounted at the root; Admin, PartnerAdmin and SuperUser within their company boundary. */
export function participantsImportRoutes({ db, tokens }: { db: Db; tokens: Tokens }): Router {
  const service = participantsImport(db);
  const router = Router();
  router.post(
    '/import/participants',
    authenticate(tokens),
    requireRole('Admin', 'PartnerAdmin', 'SuperUser'),
    async (req, res) => {
      res.set('Cache-Control', 'no-store');
      const { fields: ids, file } = await readImportUpload(req, fields);
      res.json(await service.import(currentUser(req), { ...ids, file }));
    },
  );
  return router;
}
