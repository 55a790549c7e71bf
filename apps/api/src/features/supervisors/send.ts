// "Send each supervisor their unit's results" (issue 32) as a durable job: one pg-boss job per run,
// queued in the transaction that writes the run. The worker goes through the survey's units, a few
// at a time; each sent unit's PDF is built first (by the gateway, pdf-builder.ts, once per language
// its supervisors read), then its package row, its PDFs and its supervisors' mails (the outbox) are
// written in one transaction. A job resumed after a crash skips the units the run already has, so
// each unit is sent once. A unit the gate hides (below the threshold, or against differencing)
// gets its reason and no mail.
import { availableParallelism } from 'node:os';
import { ROLES, type AuthUser, type Role } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import type { Jobs } from '../../lib/jobs.js';
import type { Logger } from '../../lib/logger.js';
import { jobIdFor, type MailOutbox, type QueuedMail } from '../../lib/mail-queue.js';
import type { ReportsService } from '../reports/index.js';
import type { SurveysService } from '../surveys/index.js';
import { supervisorPackageEmail } from './emails.js';
import type { PackagePdfBuilder } from './pdf-builder.js';
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
  /** Builds the sent units' PDFs; absent (no gateway configured): the link builds one when opened. */
  pdfs?: PackagePdfBuilder | undefined;
  /** Units worked at once (default: the cores, which the PDF builds keep busy). */
  concurrency?: number;
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

type Unit = Awaited<ReturnType<typeof q.surveyUnits>>[number];
type Indexes = Awaited<ReturnType<ReportsService['unitIndexes']>>;

interface RunContext {
  runId: string;
  survey: { id: string; name: string };
  indexes: Indexes;
  supervisors: q.SupervisorRow[];
}

const roleOf = (role: string): Role => {
  const known = ROLES.find((r) => r === role);
  if (!known) throw new Error(`unknown role ${role}`);
  return known;
};

/** The unit's PDF in each language its supervisors read, each built as one of its readers. */
async function buildPdfs(
  builder: PackagePdfBuilder,
  run: RunContext,
  unitId: string,
  own: q.SupervisorRow[],
): Promise<Map<string, Buffer> | null> {
  const readers = new Map<string, q.SupervisorRow>();
  for (const s of own) if (!readers.has(s.language)) readers.set(s.language, s);
  const pdfs = new Map<string, Buffer>();
  for (const [language, s] of readers) {
    const reader = { id: s.id, role: roleOf(s.role), tokenVersion: s.tokenVersion };
    const pdf = await builder.build(reader, run.survey.id, unitId, language);
    if (!pdf) return null;
    pdfs.set(language, pdf);
  }
  return pdfs;
}

/** One unit of the run: its PDFs, then its row, PDFs and mails together. */
async function sendUnit(deps: SendRunsDeps, run: RunContext, unit: Unit): Promise<void> {
  const gated = run.indexes.units.get(unit.id);
  const own = run.supervisors.filter((s) => s.unitId === unit.id);
  const gate = !gated
    ? 'belowThreshold'
    : (gated.reason ?? (own.length > 0 ? 'sent' : 'noSupervisor'));
  const built =
    gate === 'sent' && deps.pdfs ? await buildPdfs(deps.pdfs, run, unit.id, own) : new Map();
  // Fewer responders than a package needs: no package, as below the threshold.
  const status = built ? gate : 'belowThreshold';
  const pdfs = built ?? new Map<string, Buffer>();
  await deps.db.transaction(async (tx) => {
    const packageId = await q.insertPackage(tx, {
      runId: run.runId,
      surveyId: run.survey.id,
      unitId: unit.id,
      status,
      responses: gated?.n ?? 0,
      supervisors: own.length,
    });
    if (!packageId || status !== 'sent') return;
    await q.insertPdfs(tx, packageId, pdfs);
    const link = packageLink(deps.webUrl, packageId);
    const mails: QueuedMail[] = own.map((s) => ({
      key: `supervisor-package:${run.runId}:${unit.id}:${s.id}`,
      mail: supervisorPackageEmail(s, run.survey, unit, link),
    }));
    await deps.outbox.enqueue(tx, mails, 'bulk');
  });
}

async function processRun(deps: SendRunsDeps, runId: string): Promise<void> {
  const { db } = deps;
  const found = await q.findRun(db, runId);
  if (!found || found.finishedAt) return;
  const survey = await deps.surveys.head(SYSTEM, found.surveyId);
  const units = await q.surveyUnits(db, survey.id);
  const done = await q.doneUnitIds(db, runId);
  const levels = [...new Set(units.map((unit) => unit.index))];
  const run: RunContext = {
    runId,
    survey,
    indexes: await deps.reports.unitIndexes(SYSTEM, survey.id, levels),
    supervisors: await q.supervisorsOfCompany(db, survey.companyId),
  };
  const queue = units.filter((unit) => !done.has(unit.id));
  // A few units at once: the builds run in the gateway's drawing threads, one per core.
  const workers = Math.max(1, deps.concurrency ?? availableParallelism());
  await Promise.all(
    Array.from({ length: Math.min(workers, queue.length) }, async () => {
      try {
        for (let unit = queue.shift(); unit; unit = queue.shift()) await sendUnit(deps, run, unit);
      } catch (error) {
        // The others stop after their unit; the retried job resumes after the last written one.
        queue.length = 0;
        throw error;
      }
    }),
  );
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
