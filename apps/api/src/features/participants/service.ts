import { randomInt } from 'node:crypto';
import type { AuthUser } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { HttpError, type FieldError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import type { MailOutbox } from '../../lib/mail-queue.js';
import { PIN_MAX_WRONG_TRIES } from '../../lib/questionnaire.js';
import { isUuid } from '../../lib/validation.js';
import { surveysService, type Survey } from '../surveys/index.js';
import { participationReportEmail } from './emails.js';
import { findRun, latestRun, queueRun, type MailRun } from './mail-runs.js';
import * as q from './queries.js';
import { EMAIL_IN_SURVEY } from './schemas.js';

/** A participant (responder) as the REST API answers it (docs/rest-api.md, Participants). */
export interface Participant {
  id: string;
  responderId: number;
  surveyId: string;
  companyId: string;
  companyName: string;
  companyDisplayName: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  pinCode: string | null;
  /**
   * Whether wrong tries stopped the PIN working (PIN_MAX_WRONG_TRIES); a new PIN, or the next
   * invitation or reminder, which sends one, unblocks it.
   */
  pinBlocked: boolean;
  languageCode: string;
  reportLanguageCode: string | null;
  surveyContinueLink: string;
  unitIds: string[];
  invited: string | null;
  inviteSent: boolean;
  reminded: string | null;
  finished: string | null;
  created: string;
}

export interface InvitationResult {
  successfulRecipients: string[];
  failedRecipients: { email: string; reason: string }[];
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function toParticipant(row: q.ParticipantRow): Participant {
  return {
    id: row.id,
    responderId: Number(row.responderId),
    surveyId: row.surveyId,
    companyId: row.companyId,
    companyName: row.companyName,
    companyDisplayName: row.companyDisplayName,
    firstName: row.firstName,
    lastName: row.lastName,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    pinCode: row.pinCode,
    pinBlocked: row.pinWrongTries >= PIN_MAX_WRONG_TRIES,
    languageCode: row.languageCode,
    reportLanguageCode: row.reportLanguageCode,
    surveyContinueLink: row.surveyContinueLink,
    unitIds: row.unitIds,
    invited: iso(row.invitedAt),
    inviteSent: row.invitedAt !== null,
    reminded: iso(row.remindedAt),
    finished: iso(row.finishedAt),
    created: new Date(row.created).toISOString(),
  };
}

/** A PIN is five digits (administration.md section 9). */
export const newPin = () => String(randomInt(0, 100_000)).padStart(5, '0');

/**
 * The participant's survey link: their own continue link, else
 * <WEB_URL>/survey/<id>?token=<participation token> (the questionnaire feature). The PIN stays in
 * the email as the short code to type where the link does not open.
 */
export function surveyLink(
  webUrl: string,
  surveyId: string,
  p: { surveyContinueLink: string; accessToken: string },
) {
  if (p.surveyContinueLink) return p.surveyContinueLink;
  return `${webUrl}/survey/${encodeURIComponent(surveyId)}?token=${encodeURIComponent(p.accessToken)}`;
}

/** The survey's PIN page (no token: email and PIN open it), shown in the participant's language. */
export function pinPageLink(webUrl: string, surveyId: string, languageCode: string): string {
  const query = languageCode ? `?${new URLSearchParams({ lang: languageCode }).toString()}` : '';
  return `${webUrl}/survey/${encodeURIComponent(surveyId)}${query}`;
}

const fieldError = (field: string, message: string): HttpError =>
  new HttpError('validation-failed', [{ field, message }]);

export function participantsService(db: Db, mailer: Mailer, outbox: MailOutbox, webUrl: string) {
  const surveys = surveysService(db);

  /** The survey within the user's company boundary (404 unknown, 403 outside). */
  const survey = (user: AuthUser, id: string): Promise<Survey> => surveys.get(user, id);

  /** The participant within the user's company boundary (404 unknown, 403 outside). */
  async function visible(user: AuthUser, id: string): Promise<q.ParticipantRow> {
    const row = isUuid(id) ? await q.findParticipant(db, id) : undefined;
    if (!row) throw new HttpError('not-found');
    await survey(user, row.surveyId);
    return row;
  }

  /**
   * The units must be the company's, one per level at most (a participant carries unit1..unit10):
   * the reports' breakdowns by level then partition the participants, which their anonymity
   * protection relies on.
   */
  async function checkUnits(companyId: string, unitIds: string[]): Promise<FieldError[]> {
    const unique = [...new Set(unitIds)];
    if (unique.length === 0) return [];
    const found = await q.countCompanyUnits(db, companyId, unique);
    if (found.units !== unique.length) return [{ field: 'unitIds', message: 'validation.invalid' }];
    if (found.levels !== unique.length)
      return [{ field: 'unitIds', message: 'validation.oneUnitPerLevel' }];
    return [];
  }

  /** Claims the participants and queues their mails in one transaction; answers with the run. */
  async function send(
    user: AuthUser,
    kind: q.ClaimKind,
    target: { surveyId: string; participantId?: string },
  ): Promise<MailRun> {
    const found = await survey(user, target.surveyId);
    // An ended survey takes no answers: an invitation or reminder would lead to a closed page.
    if (found.hasEnded) {
      throw new HttpError('survey-ended', [
        { field: 'surveyId', message: 'participants.surveyEnded' },
      ]);
    }
    const runId = await db.transaction(async (tx) => {
      const { rows, at } = await q.claim(tx, kind, target.participantId ?? target.surveyId);
      for (const row of rows) {
        // A blocked PIN (wrong tries, the questionnaire feature) is replaced by the one sent now.
        if (row.pinCode === null || row.pinWrongTries >= PIN_MAX_WRONG_TRIES) {
          row.pinCode = newPin();
          await q.renewPin(tx, row.id, row.pinCode);
        }
      }
      return queueRun(tx, outbox, {
        surveyId: found.id,
        survey: found,
        kind: kind === 'remind' ? 'reminder' : 'invitation',
        claim: kind,
        rows,
        at,
        link: (row) => surveyLink(webUrl, found.id, row),
        pinPage: (row) => pinPageLink(webUrl, found.id, row.languageCode),
      });
    });
    const run = await findRun(db, runId);
    if (!run) throw new Error('mail run not found');
    return run;
  }

  return {
    async list(
      user: AuthUser,
      surveyId: string,
      options: { skip: number; take: number; query?: string },
    ) {
      await survey(user, surveyId);
      const page = await q.listParticipants(db, surveyId, options);
      return { records: page.records.map(toParticipant), totalRecords: page.totalRecords };
    },

    async get(user: AuthUser, id: string): Promise<Participant> {
      return toParticipant(await visible(user, id));
    },

    async forSurvey(user: AuthUser, surveyId: string, responderId: string): Promise<Participant> {
      await survey(user, surveyId);
      const number = /^\d{1,15}$/.test(responderId) ? Number(responderId) : undefined;
      const row = number === undefined ? undefined : await q.findByResponder(db, surveyId, number);
      if (!row) throw new HttpError('not-found');
      return toParticipant(row);
    },

    async create(
      user: AuthUser,
      input: {
        surveyId: string;
        companyId: string;
        companyDisplayName: string;
        unitIds: string[];
        firstName: string;
        lastName: string;
        languageCode: string;
        email: string;
        surveyContinueLink: string;
      },
    ): Promise<Participant> {
      const found = await survey(user, input.surveyId);
      if (found.baseSurveyId) throw fieldError('surveyId', 'participants.trackingSurvey');
      if (found.companyId !== input.companyId) throw fieldError('companyId', 'validation.invalid');
      const errors = await checkUnits(found.companyId, input.unitIds);
      if (errors.length > 0) throw new HttpError('validation-failed', errors);
      const id = await q.insertParticipant(db, {
        ...input,
        unitIds: [...new Set(input.unitIds)],
        pinCode: newPin(),
      });
      if (!id) throw fieldError('email', EMAIL_IN_SURVEY);
      return this.get(user, id);
    },

    async update(
      user: AuthUser,
      id: string,
      input: {
        firstName: string;
        lastName: string;
        languageCode: string;
        pinCode?: string | undefined;
        unitIds?: string[] | undefined;
        companyDisplayName?: string | undefined;
        email?: string | undefined;
        surveyContinueLink?: string | undefined;
      },
    ): Promise<Participant> {
      const row = await visible(user, id);
      const unitIds = input.unitIds ? [...new Set(input.unitIds)] : row.unitIds;
      const email = input.email ?? row.email;
      const errors = input.unitIds ? await checkUnits(row.companyId, unitIds) : [];
      if (email.toLowerCase() !== row.email.toLowerCase()) {
        if (await q.emailInSurvey(db, row.surveyId, email, row.id)) {
          errors.push({ field: 'email', message: EMAIL_IN_SURVEY });
        }
      }
      if (errors.length > 0) throw new HttpError('validation-failed', errors);
      try {
        await q.updateParticipant(db, row.id, {
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          languageCode: input.languageCode,
          pinCode: input.pinCode || row.pinCode || newPin(),
          companyDisplayName: input.companyDisplayName ?? row.companyDisplayName,
          surveyContinueLink: input.surveyContinueLink ?? row.surveyContinueLink,
          unitIds,
        });
      } catch (error) {
        // A concurrent add of the same email won the unique index.
        if ((error as { code?: string }).code === '23505')
          throw fieldError('email', EMAIL_IN_SURVEY);
        throw error;
      }
      return this.get(user, row.id);
    },

    async emailInUse(user: AuthUser, surveyId: string, email: string) {
      await survey(user, surveyId);
      return { emailInUse: email !== '' && (await q.emailInSurvey(db, surveyId, email)) };
    },

    async remove(user: AuthUser, id: string): Promise<void> {
      const row = await visible(user, id);
      await q.deleteParticipant(db, row.id);
    },

    async reopen(user: AuthUser, id: string): Promise<Participant> {
      const row = await visible(user, id);
      if (!(await q.reopen(db, row.id))) throw fieldError('id', 'participants.notFinished');
      return this.get(user, row.id);
    },

    /**
     * Emails a finished participant the report of their own answers; 400 `participants.reportNotFinished`
     * on `id` while the participation is open (or reopened). The mailer logs the delivery.
     */
    async sendReport(user: AuthUser, id: string): Promise<InvitationResult> {
      const row = await visible(user, id);
      const found = await survey(user, row.surveyId);
      const answers = await q.finishedResponse(db, row.id);
      if (!answers) throw fieldError('id', 'participants.reportNotFinished');
      const important = answers.important.map((criterionId) => ({
        criterionId,
        // realizations[0] is criterion 2.
        realization: answers.realizations[criterionId - 2] ?? 0,
      }));
      const outcome = await mailer.send(
        participationReportEmail(row, found, { ...answers, important }),
      );
      return outcome.ok
        ? { successfulRecipients: [row.email], failedRecipients: [] }
        : {
            successfulRecipients: [],
            failedRecipients: [{ email: row.email, reason: outcome.reason }],
          };
    },

    invite: (user: AuthUser, surveyId: string) => send(user, 'invite', { surveyId }),
    remind: (user: AuthUser, surveyId: string) => send(user, 'remind', { surveyId }),
    async inviteSingle(user: AuthUser, id: string): Promise<MailRun> {
      const row = await visible(user, id);
      return send(user, 'single', { surveyId: row.surveyId, participantId: row.id });
    },

    /** An invitation or reminder run's progress, within the user's company boundary. */
    async run(user: AuthUser, id: string): Promise<MailRun> {
      const found = isUuid(id) ? await findRun(db, id) : undefined;
      if (!found) throw new HttpError('not-found');
      await survey(user, found.surveyId);
      return found;
    },

    /** The survey's newest run; 404 when it has none. */
    async latestRun(user: AuthUser, surveyId: string): Promise<MailRun> {
      await survey(user, surveyId);
      const found = await latestRun(db, surveyId);
      if (!found) throw new HttpError('not-found');
      return found;
    },
  };
}

export type ParticipantsService = ReturnType<typeof participantsService>;
