// Unit supervisors (issue 32): who supervises which unit, the Supervisors page's rows, and the
// packages a send run made. Another feature's service is passed in and called in process.
import type { AuthUser } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import { visibleCompanyIds } from '../companies/index.js';
import type { ReportsService } from '../reports/index.js';
import type { SurveysService } from '../surveys/index.js';
import { maySupervise } from './eligibility.js';
import * as q from './queries.js';
import type { OverviewQuery } from './schemas.js';

export type PackageStatus = 'sent' | 'belowThreshold' | 'differencing' | 'noSupervisor';

export interface SupervisorDto {
  id: string;
  email: string;
  displayName: string;
  role: string;
}

export interface SupervisorUnitDto {
  unitId: string;
  name: string;
  level: number;
  supervisors: SupervisorDto[];
  participants: number;
  finished: number;
  /** Finished of participants, rounded percent. */
  responseRate: number;
  /** The unit's L-index; null when hidden (suppressedBecause) or not readable yet. */
  lIndex: number | null;
  suppressedBecause: 'belowThreshold' | 'differencing' | null;
  lastSentAt: string | null;
  /** The package last sent to the unit's supervisors (its PDF: the gateway's /files/supervisor-packages/{id}.pdf). */
  lastSentPackageId: string | null;
  /** The latest run's outcome for the unit: sent, or why no package went out. */
  lastStatus: PackageStatus | null;
}

export interface SupervisorRunDto {
  id: string;
  total: number;
  done: number;
  sent: number;
  createdAt: string;
  finishedAt: string | null;
}

export interface SupervisorOverviewDto {
  surveyId: string;
  surveyName: string;
  companyId: string;
  hasEnded: boolean;
  trend: boolean;
  companyIndex: {
    lIndex: number | null;
    suppressedBecause: 'belowThreshold' | 'differencing' | null;
  };
  run: SupervisorRunDto | null;
  units: SupervisorUnitDto[];
}

/** A package as REST answers it: its row (queries.ts, the one declaration) less the run it came from. */
export type SupervisorPackageDto = Omit<q.PackageRow, 'runId'>;

const toDto = ({ id, email, displayName, role }: q.SupervisorRow): SupervisorDto => ({
  id,
  email,
  displayName,
  role,
});

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : 0);

export const toRunDto = (run: q.RunRow): SupervisorRunDto => ({
  id: run.id,
  total: run.total,
  done: run.done,
  sent: run.sent,
  createdAt: new Date(run.createdAt).toISOString(),
  finishedAt: run.finishedAt ? new Date(run.finishedAt).toISOString() : null,
});

export function supervisorsService(
  db: Db,
  deps: { surveys: SurveysService; reports: ReportsService },
) {
  async function requireCompany(user: AuthUser, companyId: string) {
    if (user.role === 'Admin') return;
    if (!(await visibleCompanyIds(db, user)).includes(companyId)) throw new HttpError('forbidden');
  }

  async function unitOf(user: AuthUser, unitId: string) {
    const [unit] = await db.query<{ id: string; companyId: string }>(
      'SELECT id, company_id AS "companyId" FROM units WHERE id = $1',
      [unitId],
    );
    if (!unit) throw new HttpError('not-found');
    await requireCompany(user, unit.companyId);
    return unit;
  }

  async function overviewUnits(user: AuthUser, surveyId: string) {
    const survey = await deps.surveys.head(user, surveyId);
    const [units, activity, supervisors, packages] = await Promise.all([
      q.surveyUnits(db, survey.id),
      deps.surveys.responseActivity(user, survey.id),
      q.supervisorsOfCompany(db, survey.companyId),
      q.lastPackages(db, survey.id),
    ]);
    return { survey, units, activity, supervisors, packages };
  }

  async function gatedIndexes(
    user: AuthUser,
    surveyId: string,
    hasEnded: boolean,
    levels: number[],
  ) {
    // SuperUsers and Users read ended surveys only; before the end the page shows counts only.
    if (!hasEnded && user.role !== 'Admin' && user.role !== 'PartnerAdmin') return null;
    return deps.reports.unitIndexes(user, surveyId, levels);
  }

  return {
    eligible: maySupervise,

    async companySupervisors(user: AuthUser, companyId: string) {
      await requireCompany(user, companyId);
      const rows = await q.supervisorsOfCompany(db, companyId);
      const byUnit = new Map<string, SupervisorDto[]>();
      for (const row of rows)
        byUnit.set(row.unitId, [...(byUnit.get(row.unitId) ?? []), toDto(row)]);
      return { units: [...byUnit].map(([unitId, supervisors]) => ({ unitId, supervisors })) };
    },

    /** Who may supervise the unit: its company's Users and SuperUsers with access to it. */
    async candidates(user: AuthUser, unitId: string): Promise<SupervisorDto[]> {
      const unit = await unitOf(user, unitId);
      const accounts = await q.companyAccounts(db, unit.companyId);
      return accounts
        .filter((account) => maySupervise(account, unit))
        .map(({ id, email, displayName, role }) => ({ id, email, displayName, role }));
    },

    async setUnitSupervisors(user: AuthUser, unitId: string, userIds: string[]) {
      const unit = await unitOf(user, unitId);
      const accounts = await q.findAccounts(db, userIds);
      const errors = userIds.flatMap((id, index) => {
        const account = accounts.find((a) => a.id === id);
        return account && maySupervise(account, unit)
          ? []
          : [{ field: `userIds.${index}`, message: 'supervisors.errors.notEligible' }];
      });
      if (errors.length > 0) throw new HttpError('validation-failed', errors);
      await db.transaction((tx) => q.replaceSupervisors(tx, unit.id, [...new Set(userIds)]));
      const rows = await q.supervisorsOfCompany(db, unit.companyId);
      return { unitId, supervisors: rows.filter((row) => row.unitId === unitId).map(toDto) };
    },

    async overview(
      user: AuthUser,
      surveyId: string,
      filter: OverviewQuery,
    ): Promise<SupervisorOverviewDto> {
      const { survey, units, activity, supervisors, packages } = await overviewUnits(
        user,
        surveyId,
      );
      const own = user.role === 'User' ? new Set(await q.ownUnitIds(db, user.id)) : null;
      const levels = [...new Set(units.map((unit) => unit.index))];
      const indexes = await gatedIndexes(user, survey.id, survey.hasEnded, levels);
      const run = await q.latestRun(db, survey.id);
      const rows = units
        .filter((unit) => !own || own.has(unit.id))
        .filter((unit) => filter.level === undefined || unit.index === filter.level)
        .map((unit): SupervisorUnitDto => {
          const counts = activity.byUnits.find((a) => a.unitId === unit.id);
          const gated = indexes?.units.get(unit.id);
          const last = packages.find((p) => p.unitId === unit.id);
          const participants = counts?.count ?? 0;
          const finished = counts?.finished ?? 0;
          return {
            unitId: unit.id,
            name: unit.name,
            level: unit.index,
            supervisors: supervisors.filter((s) => s.unitId === unit.id).map(toDto),
            participants,
            finished,
            responseRate: percent(finished, participants),
            lIndex: gated?.lindex ?? null,
            suppressedBecause: indexes
              ? (gated?.reason ?? (gated ? null : 'belowThreshold'))
              : null,
            lastSentAt: last?.lastSentAt ? new Date(last.lastSentAt).toISOString() : null,
            lastSentPackageId: last?.lastSentPackageId ?? null,
            lastStatus: last?.status ?? null,
          };
        })
        .filter((row) => !filter.withoutSupervisor || row.supervisors.length === 0);
      return {
        surveyId: survey.id,
        surveyName: survey.name,
        companyId: survey.companyId,
        hasEnded: survey.hasEnded,
        trend: survey.baseSurveyId !== null,
        companyIndex: {
          lIndex: indexes?.company.lindex ?? null,
          suppressedBecause: indexes?.company.reason ?? null,
        },
        run: run ? toRunDto(run) : null,
        units: rows,
      };
    },

    /** A package: the supervisors of its unit, an Admin, or staff of its company read it. */
    async package(user: AuthUser, id: string): Promise<SupervisorPackageDto> {
      const row = await q.findPackage(db, id);
      if (!row) throw new HttpError('not-found');
      if (user.role === 'User' || !(await this.staffOf(user, row.companyId))) {
        if (!(await q.isSupervisor(db, user.id, row.unitId))) throw new HttpError('forbidden');
      }
      return {
        id: row.id,
        companyId: row.companyId,
        surveyId: row.surveyId,
        surveyName: row.surveyName,
        unitId: row.unitId,
        unitName: row.unitName,
        unitLevel: row.unitLevel,
        status: row.status,
        responses: row.responses,
        createdAt: new Date(row.createdAt).toISOString(),
      };
    },

    /** The PDF the send job stored for the package in `language`, for whoever may read the package. */
    async storedPdf(user: AuthUser, id: string, language: string): Promise<Buffer | null> {
      await this.package(user, id);
      return q.findPdf(db, id, language);
    },

    async staffOf(user: AuthUser, companyId: string): Promise<boolean> {
      if (user.role === 'Admin') return true;
      if (user.role === 'User') return false;
      return (await visibleCompanyIds(db, user)).includes(companyId);
    },
  };
}

export type SupervisorsService = ReturnType<typeof supervisorsService>;
