// "Send each supervisor their unit's results" (issue 32) as a durable job: one pg-boss job per run,
// queued in the transaction that writes the run. The worker goes through the survey's units; each
// unit's package row and its supervisors' mails (the outbox) are written in one transaction, and a
// job resumed after a crash skips the units the run already has, so each unit is sent once. A unit
// the gate hides (below the threshold, or against differencing) gets its reason and no mail.
import type { AuthUser } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import type { Jobs } from '../../lib/jobs.js';
import type { Logger } from '../../lib/logger.js';
import { jobIdFor, type MailOutbox, type QueuedMail } from '../../lib/mail-queue.js';
import type { ReportsService } from '../reports/index.js';
import type { SurveysService } from '../surveys/index.js';
import { supervisorPackageEmail } from './emails.js';
import * as q from './queries.js';
import { toRunDto, type SupervisorRunDto } from './service.js';

export const SEND_QUEUE = 'supervisor-packages';

interface SendJob {
  runId: string;
}

export interface SendRuns {
  /** Starts a run of an ended survey; answers the run for the page's progress. */
  start(user: AuthUser, surveyId: string): Promise<SupervisorRunDto>;
  /** Works one run to its end (the job's handler; tests and the bench call it too). */
  process(runId: string): Promise<void>;
}

export interface SendRunsDeps {
  db: Db;
  jobs: Jobs;
  outbox: MailOutbox;
  surveys: SurveysService;
  reports: ReportsService;
  webUrl: string;
  from?: string;
  logger: Logger;
  /** False: queue only (an http-only process). */
  work: boolean;
}

/** The job reads every unit as the provider would: the gate, not the caller, decides what shows. */
const SYSTEM: AuthUser = {
  id: '00000000-0000-0000-0000-000000000000',
  role: 'Admin',
  companyId: null,
  tokenVersion: 0,
};

export const packageLink = (webUrl: string, packageId: string) =>
  `${webUrl.replace(/\/$/, '')}/supervisors/packages/${packageId}`;

async function processRun(deps: SendRunsDeps, runId: string): Promise<void> {
  const { db } = deps;
  const run = await q.findRun(db, runId);
  if (!run || run.finishedAt) return;
  const survey = await deps.surveys.head(SYSTEM, run.surveyId);
  const units = await q.surveyUnits(db, survey.id);
  const done = await q.doneUnitIds(db, runId);
  const levels = [...new Set(units.map((unit) => unit.index))];
  const indexes = await deps.reports.unitIndexes(SYSTEM, survey.id, levels);
  const supervisors = await q.supervisorsOfCompany(db, survey.companyId);
  for (const unit of units) {
    if (done.has(unit.id)) continue;
    const gated = indexes.units.get(unit.id);
    const own = supervisors.filter((s) => s.unitId === unit.id);
    const status = !gated
      ? 'belowThreshold'
      : (gated.reason ?? (own.length > 0 ? 'sent' : 'noSupervisor'));
    await db.transaction(async (tx) => {
      const packageId = await q.insertPackage(tx, {
        runId,
        surveyId: survey.id,
        unitId: unit.id,
        status,
        responses: gated?.n ?? 0,
        supervisors: own.length,
      });
      if (!packageId || status !== 'sent') return;
      const link = packageLink(deps.webUrl, packageId);
      const mails: QueuedMail[] = own.map((s) => ({
        key: `supervisor-package:${runId}:${unit.id}:${s.id}`,
        mail: supervisorPackageEmail(s, survey, unit, link),
      }));
      await deps.outbox.enqueue(tx, mails, 'bulk');
    });
  }
  await q.finishRun(db, runId);
}

export async function startSendRuns(deps: SendRunsDeps): Promise<SendRuns> {
  const { boss } = deps.jobs;
  const policy = {
    retryLimit: 3,
    retryDelay: 5,
    // A run of hundreds of units takes a minute or two; a dead worker's run is retried after this
    // and resumes where the rows end.
    expireInSeconds: 15 * 60,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
  };
  if (await boss.getQueue(SEND_QUEUE)) await boss.updateQueue(SEND_QUEUE, policy);
  else await boss.createQueue(SEND_QUEUE, policy);
  const process = (runId: string) => processRun(deps, runId);
  if (deps.work)
    await boss.work<SendJob>(SEND_QUEUE, { pollingIntervalSeconds: 1 }, async (batch) => {
      for (const job of batch) await process(job.data.runId);
    });
  return {
    process,
    async start(user, surveyId) {
      const survey = await deps.surveys.head(user, surveyId);
      if (!survey.hasEnded) {
        throw new HttpError('validation-failed', [
          { field: 'surveyId', message: 'supervisors.errors.notEnded' },
        ]);
      }
      const units = await q.surveyUnits(deps.db, survey.id);
      const runId = await deps.db.transaction(async (tx) => {
        const id = await q.insertRun(tx, survey.id, units.length, user.id);
        await boss.insert(
          SEND_QUEUE,
          [{ id: jobIdFor(`supervisor-run:${id}`), data: { runId: id } }],
          deps.jobs.inTransaction(tx),
        );
        return id;
      });
      const run = await q.findRun(deps.db, runId);
      if (!run) throw new Error('run not found');
      return toRunDto(run);
    },
  };
}
