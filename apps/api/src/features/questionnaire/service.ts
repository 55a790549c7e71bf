import { LRUCache } from 'lru-cache';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import { isLanguage } from '../../lib/languages.js';
import type { Mailer } from '../../lib/mail.js';
import {
  BACKGROUND,
  BACKGROUND_KEYS,
  BACKGROUND_SETTING,
  COMMENT_CRITERIA,
  CRITERIA,
  type BackgroundKey,
} from '../../lib/questionnaire.js';
import { completeSettings } from '../companies/index.js';
import { participationReportEmail } from '../participants/index.js';
import { checkAnswers, IMPORTANT_COUNT, lindexOf, type Questions } from './answers.js';
import { finishParticipation } from './finish.js';
import * as q from './queries.js';
import { COMMENT_MAX_LENGTH, type Answers, type QuestionnaireStatus } from './schemas.js';

/** What the questionnaire page gets (docs/rest-api.md "Questionnaire"). */
export interface Questionnaire {
  status: QuestionnaireStatus;
  surveyId: string;
  surveyName: string;
  /** The name the participant knows their employer by. */
  companyName: string;
  /** The participant's language; the page may switch it. */
  languageCode: string;
  /** Shown after finishing (and on the "already answered" page). */
  endMessage: string;
  /** What is asked; null unless the questionnaire is open. */
  questions: {
    background: { key: BackgroundKey; options: readonly string[] }[];
    criteria: readonly number[];
    commentCriteria: readonly number[];
    importantCount: number;
    commentMaxLength: number;
    trend: { baseSurveyName: string } | null;
  } | null;
  /** The answers so far (a draft, or the stored response of a reopened participation). */
  answers: Answers | null;
  savedAt: string | null;
}

/** The background questions this survey asks: the company's flag and the survey's must both be on. */
export function askedBackground(row: q.ParticipationRow): BackgroundKey[] {
  const company = completeSettings(row.companySettings);
  return BACKGROUND_KEYS.filter((key) => {
    const flag = BACKGROUND_SETTING[key];
    const survey = row.surveySettings?.[flag];
    return company[flag] && survey !== false;
  });
}

const questionsOf = (row: q.ParticipationRow): Questions => ({
  background: askedBackground(row),
  trend: row.baseSurveyId !== null,
});

export function statusOf(row: q.ParticipationRow): QuestionnaireStatus {
  if (row.finished) return 'answered';
  if (row.ended) return 'ended';
  if (!row.started) return 'notStarted';
  if (!row.invited) return 'notInvited';
  return 'open';
}

/** How long a token's questions are reused for saving drafts. */
const ASKED_TTL_MS = 60_000;

/** 409 with the participation's status, for a save or finish that came too late. */
const closed = (status: QuestionnaireStatus) =>
  new HttpError('questionnaire-closed', [{ field: 'status', message: status }]);

export function questionnaireService(db: Db, mailer: Mailer) {
  // What each recently seen token's participation is asked, for saving drafts in one statement.
  // A change of the company's or survey's settings reaches a draft save within ASKED_TTL_MS; a
  // draft never counts, and finishing always checks against the settings of that moment.
  const asked = new LRUCache<string, { participantId: string; questions: Questions }>({
    max: 50_000,
    ttl: ASKED_TTL_MS,
  });

  async function participation(token: string) {
    const row = await q.findByToken(db, token);
    // An unknown token is simply not found: the answer says nothing about which tokens exist.
    if (!row) throw new HttpError('not-found');
    asked.set(token, { participantId: row.id, questions: questionsOf(row) });
    return row;
  }

  /** The 409 of a write that found the participation no longer open. */
  async function closedNow(token: string) {
    const status = statusOf(await participation(token));
    return closed(status === 'open' ? 'answered' : status);
  }

  const language = (row: q.ParticipationRow, chosen?: string) =>
    chosen && isLanguage(chosen) ? chosen : row.languageCode;

  return {
    async open(token: string): Promise<Questionnaire> {
      const row = await q.findWithDraft(db, token);
      if (!row) throw new HttpError('not-found');
      asked.set(token, { participantId: row.id, questions: questionsOf(row) });
      const status = statusOf(row);
      const head = {
        status,
        surveyId: row.surveyId,
        surveyName: row.surveyName,
        companyName: row.companyDisplayName || row.companyName,
        languageCode: row.languageCode,
        endMessage: status === 'open' || status === 'answered' ? row.endMessage : '',
      };
      if (status !== 'open') return { ...head, questions: null, answers: null, savedAt: null };
      const { draft } = row;
      const stored = !draft && row.hasResponse ? await q.responseAnswers(db, row.id) : undefined;
      const answers = draft?.answers ?? stored ?? null;
      return {
        ...head,
        languageCode: draft?.languageCode ?? row.languageCode,
        questions: {
          background: askedBackground(row).map((key) => ({ key, options: BACKGROUND[key].values })),
          criteria: CRITERIA,
          commentCriteria: COMMENT_CRITERIA,
          importantCount: IMPORTANT_COUNT,
          commentMaxLength: COMMENT_MAX_LENGTH,
          trend: row.baseSurveyId ? { baseSurveyName: row.baseSurveyName ?? '' } : null,
        },
        answers,
        savedAt: draft ? draft.updatedAt.toISOString() : null,
      };
    },

    /** Saves the answers so far; they never count in a report. */
    async saveDraft(token: string, answers: Answers, languageCode?: string) {
      const chosen = languageCode && isLanguage(languageCode) ? languageCode : undefined;
      // The page saves every few seconds: when this token was looked up lately and the answers
      // fit what it was asked then, one statement saves (it checks the participation is open).
      const known = asked.get(token);
      if (known && checkAnswers(answers, known.questions, { complete: false }).length === 0) {
        const savedAt = await q.saveDraft(db, known.participantId, answers, chosen);
        if (savedAt) return { savedAt: savedAt.toISOString() };
      }
      const row = await participation(token);
      const status = statusOf(row);
      if (status !== 'open') throw closed(status);
      const errors = checkAnswers(answers, questionsOf(row), { complete: false });
      if (errors.length > 0) throw new HttpError('validation-failed', errors);
      const savedAt = await q.saveDraft(db, row.id, answers, chosen);
      if (!savedAt) throw await closedNow(token);
      return { savedAt: savedAt.toISOString() };
    },

    /**
     * Finishes the participation in one statement (finish.ts): the response with the participant's
     * units now, its comments and trend answers, the L-index, finished. A participation that had a
     * response before (reopened) and already released keeps that response in the reports; the new
     * answers are kept as a submitted draft (pending.ts). Then the participation report email,
     * when the company sends it.
     */
    async finish(token: string, answers: Answers, languageCode?: string) {
      const row = await participation(token);
      const status = statusOf(row);
      if (status !== 'open') throw closed(status);
      const errors = checkAnswers(answers, questionsOf(row), { complete: true });
      if (errors.length > 0) throw new HttpError('validation-failed', errors);
      const lindex = lindexOf(answers);
      // One statement: it writes only while the participation is still open (it locks the row).
      const done = await finishParticipation(
        db,
        row.id,
        answers,
        language(row, languageCode),
        lindex,
      );
      if (!done) throw await closedNow(token);
      if (completeSettings(row.companySettings).sendEmailAfterSurvey) {
        const byCriterion = new Map(answers.realizations.map((r) => [r.criterionId, r.value]));
        // The mailer never rejects and logs the delivery; the participant need not wait for SMTP.
        void mailer.send(
          participationReportEmail(
            row,
            { name: row.surveyName },
            {
              satisfaction: answers.satisfaction ?? 0,
              enps: answers.enps ?? 0,
              important: answers.important.map((criterionId) => ({
                criterionId,
                realization: byCriterion.get(criterionId) ?? 0,
              })),
            },
          ),
        );
      }
      return { status: 'answered' as const, endMessage: row.endMessage };
    },

    /** The token for a survey's email and PIN; 404 when they do not match (the caller counts it). */
    async tokenByPin(surveyId: string, email: string, pin: string) {
      const token = await q.tokenByPin(db, surveyId, email, pin);
      if (!token) throw new HttpError('not-found');
      return { token };
    },
  };
}
