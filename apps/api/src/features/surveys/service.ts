import type { AuthUser } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import { isUuid } from '../../lib/validation.js';
import * as q from './queries.js';
import {
  AI_SETTINGS,
  BACKGROUND_SETTINGS,
  type OrderColumn,
  type SettingName,
  type SurveySettings,
} from './schemas.js';

/** A survey as the REST API answers it (docs/rest-api.md, Surveys). */
export interface Survey {
  id: string;
  name: string;
  shortName: string;
  companyId: string;
  baseSurveyId: string | null;
  tracking: boolean;
  created: string;
  invitesSent: string | null;
  finished: string | null;
  hasStarted: boolean;
  hasEnded: boolean;
  showOpenComments: string | null;
  surveyEndMessage: string;
  settings: SurveySettings | null;
  participantCount: number;
  finishedCount: number;
}

/** A survey without its participant counts: what reports need, without two scans of participants. */
export type SurveyHead = Omit<Survey, 'participantCount' | 'finishedCount'>;

/** One row of response activity: a unit, or the whole company (unitId 999). */
export interface UnitActivity {
  /** A unit's id, or WHOLE_COMPANY_UNIT. */
  unitId: string;
  /** True for the row of the whole company: clients read this, not the id. */
  wholeCompany: boolean;
  /** The unit's level 1..10; 0 for the whole company. */
  index: number;
  name: string;
  /** Participants of the unit in the survey. */
  count: number;
  invited: number;
  finished: number;
  /** finished / count, rounded. */
  responsePercentage: number;
}

/** reporting.md section 3 "Response activity". */
export interface ResponseActivity {
  count: number;
  invited: number;
  finishedCount: number;
  /** The whole company and each unit with participants, highest response percentage first. */
  byUnits: UnitActivity[];
}

/** The unit id that stands for the whole company in response activity. */
export const WHOLE_COMPANY_UNIT = '999';

export const defaultSettings = (): SurveySettings =>
  Object.fromEntries([
    ...BACKGROUND_SETTINGS.map((name) => [name, true]),
    ...AI_SETTINGS.map((name) => [name, false]),
  ]) as SurveySettings;

/** Stored settings with the section 3 defaults for what is unset; null stays null (old survey). */
function withDefaults(settings: Partial<SurveySettings> | null): SurveySettings | null {
  if (!settings) return null;
  return { ...defaultSettings(), ...settings };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSurvey(row: q.SurveyRow): Survey {
  return {
    ...toSurveyHead(row),
    participantCount: row.participantCount,
    finishedCount: row.finishedCount,
  };
}

function toSurveyHead(row: q.SurveyHeadRow): SurveyHead {
  return {
    id: row.id,
    name: row.name,
    shortName: row.shortName,
    companyId: row.companyId,
    baseSurveyId: row.baseSurveyId,
    tracking: row.baseSurveyId !== null,
    created: row.created.toISOString(),
    invitesSent: iso(row.invitesSent),
    finished: iso(row.finished),
    hasStarted: row.hasStarted,
    hasEnded: row.hasEnded,
    showOpenComments: iso(row.showOpenComments),
    surveyEndMessage: row.surveyEndMessage,
    settings: withDefaults(row.settings),
  };
}

/** A year below 2000 (a mistyped year) becomes the current year (section 9). */
export function normaliseEndDate(value: string, now = new Date()): Date {
  const date = new Date(value);
  if (date.getUTCFullYear() < 2000) date.setUTCFullYear(now.getUTCFullYear());
  return date;
}

export const percent = (finished: number, all: number) =>
  all === 0 ? 0 : Math.round((finished / all) * 100);

/**
 * `storedCounts`: an ended survey's participant counts are kept (survey_participant_counts,
 * migration 027) and read instead of counting its participants; off (REPORT_CELL_STATS=false, the
 * former reads, for comparison) every read counts them.
 */
export function surveysService(db: Db, { storedCounts = true }: { storedCounts?: boolean } = {}) {
  const findSurvey = (d: Db, id: string) => q.findSurvey(d, id, storedCounts);

  /** The survey's counts, whole and per unit: kept, or counted (and kept once it has settled). */
  async function activityCounts(survey: q.SurveyHeadRow) {
    if (!storedCounts) {
      const [counts, units] = await Promise.all([
        q.responseActivity(db, survey.id),
        q.unitActivity(db, survey.id, survey.companyId),
      ]);
      return { counts, units };
    }
    // The stamp before the counts: a change after it makes keepCounts keep nothing.
    const kept = await q.keptCounts(db, survey.id);
    let found = kept.settled ? kept.counts : null;
    if (!found) {
      found = await q.countParticipants(db, survey.id);
      if (kept.settled) await q.keepCounts(db, survey.id, kept.stamp, found);
    }
    const { units, ...counts } = found;
    return { counts, units: await q.unitsOfCounts(db, units, survey.companyId) };
  }

  /** The survey if it exists and lies within the user's company boundary, else 404 or 403. */
  async function visibleAs<R extends q.SurveyHeadRow>(
    user: AuthUser,
    id: string,
    find: (db: Db, id: string) => Promise<R | undefined>,
  ): Promise<R> {
    const row = isUuid(id) ? await find(db, id) : undefined;
    if (!row) throw new HttpError('not-found');
    if (!(await q.canAccessCompany(db, user, row.companyId))) throw new HttpError('forbidden');
    return row;
  }

  const visible = (user: AuthUser, id: string) => visibleAs(user, id, findSurvey);

  return {
    async get(user: AuthUser, id: string): Promise<Survey> {
      return toSurvey(await visible(user, id));
    },

    /** `get` without the participant counts (the same access rule), for report reads. */
    async head(user: AuthUser, id: string): Promise<SurveyHead> {
      return toSurveyHead(await visibleAs(user, id, q.findSurveyHead));
    },

    async list(
      user: AuthUser,
      options: {
        skip: number;
        take: number;
        query?: string;
        timeZone?: string;
        order: OrderColumn;
        direction: 'ASC' | 'DESC';
      },
    ) {
      const page = await q.listSurveys(db, user, options, storedCounts);
      return { records: page.records.map(toSurvey), totalRecords: page.totalRecords };
    },

    async create(input: {
      name: string;
      shortName: string;
      companyId: string;
      baseSurveyId?: string | null | undefined;
    }): Promise<Survey> {
      const id = await db.transaction(async (tx) => {
        // The company row lock makes the parallel-survey check and the insert one step.
        const company = await q.findCompany(tx, input.companyId, true);
        if (!company) {
          throw new HttpError('validation-failed', [
            { field: 'companyId', message: 'validation.invalid' },
          ]);
        }
        if (await q.openSurvey(tx, company.id)) {
          throw new HttpError('parallel-survey', [
            { field: 'companyId', message: 'surveys.create.parallelSurvey' },
          ]);
        }
        let baseSurveyId: string | null = null;
        if (input.baseSurveyId) {
          const [latest] = await q.endedSurveys(tx, company.id);
          if (!latest || latest.id !== input.baseSurveyId) {
            throw new HttpError('validation-failed', [
              { field: 'baseSurveyId', message: 'surveys.create.baseNotLatestEnded' },
            ]);
          }
          baseSurveyId = latest.id;
        }
        return q.insertSurvey(tx, {
          companyId: company.id,
          baseSurveyId,
          name: input.name,
          shortName: input.shortName,
          settings: defaultSettings(),
        });
      });
      return toSurvey((await findSurvey(db, id)) as q.SurveyRow);
    },

    /**
     * Section 4: nothing changes in the settings of an old survey (settings null); the background
     * toggles are fixed once invitations were sent; AI toggles are fixed only for old surveys.
     */
    async edit(
      user: AuthUser,
      id: string,
      input: {
        surveyEndMessage?: string | null | undefined;
        settings?: Partial<SurveySettings> | null | undefined;
      },
    ): Promise<Survey> {
      const row = await visible(user, id);
      const current = withDefaults(row.settings);
      let settings = current;
      if (input.settings) {
        if (!current) {
          throw new HttpError('validation-failed', [
            { field: 'settings', message: 'surveys.edit.settingsLocked' },
          ]);
        }
        const given = Object.entries(input.settings).filter(([, value]) => value !== undefined);
        const next = { ...current, ...Object.fromEntries(given) } as SurveySettings;
        if (row.hasStarted) {
          const changed = BACKGROUND_SETTINGS.filter((name) => next[name] !== current[name]);
          if (changed.length > 0) {
            throw new HttpError(
              'validation-failed',
              changed.map((name: SettingName) => ({
                field: `settings.${name}`,
                message: 'surveys.edit.backgroundLocked',
              })),
            );
          }
        }
        settings = next;
      }
      await q.updateSurvey(db, row.id, {
        surveyEndMessage: input.surveyEndMessage ?? row.surveyEndMessage,
        settings,
      });
      return toSurvey((await findSurvey(db, row.id)) as q.SurveyRow);
    },

    async setEndDate(user: AuthUser, id: string, endDate: string | null): Promise<Survey> {
      const row = await visible(user, id);
      await q.setEndDate(db, row.id, endDate === null ? null : normaliseEndDate(endDate));
      return toSurvey((await findSurvey(db, row.id)) as q.SurveyRow);
    },

    async setShowOpenComments(user: AuthUser, id: string, from: string | null): Promise<Survey> {
      const row = await visible(user, id);
      await q.setShowOpenComments(db, row.id, from ? new Date(from) : null);
      return toSurvey((await findSurvey(db, row.id)) as q.SurveyRow);
    },

    async remove(user: AuthUser, id: string): Promise<void> {
      const row = await visible(user, id);
      await db.transaction((tx) => q.deleteSurvey(tx, row.id));
    },

    /**
     * Counts, not answers: every unit with participants is listed, however small (the anonymity
     * threshold guards what people answered, not how many took part).
     */
    async responseActivity(user: AuthUser, id: string): Promise<ResponseActivity> {
      // The counts come from activityCounts: the survey's own (a count of its participants twice)
      // only in the former reads, kept for comparison.
      const row = storedCounts
        ? await visibleAs(user, id, q.findSurveyHead)
        : await visible(user, id);
      const [{ counts, units }, company] = await Promise.all([
        activityCounts(row),
        q.findCompany(db, row.companyId),
      ]);
      const toUnit = (unit: q.UnitActivityRow, wholeCompany = false): UnitActivity => ({
        unitId: unit.unitId,
        wholeCompany,
        index: unit.index,
        name: unit.name,
        count: unit.participants,
        invited: unit.invited,
        finished: unit.finished,
        responsePercentage: percent(unit.finished, unit.participants),
      });
      const whole = toUnit(
        { ...counts, unitId: WHOLE_COMPANY_UNIT, index: 0, name: company?.name ?? '' },
        true,
      );
      const byUnits = [whole, ...units.map((unit) => toUnit(unit))].sort(
        (a, b) =>
          b.responsePercentage - a.responsePercentage ||
          a.index - b.index ||
          a.name.localeCompare(b.name),
      );
      return {
        count: counts.participants,
        invited: counts.invited,
        finishedCount: counts.finished,
        byUnits,
      };
    },

    async endingSurveys(user: AuthUser): Promise<Survey[]> {
      return (await q.endingSurveys(db, user)).map(toSurvey);
    },

    async comparableSurveys(user: AuthUser, companyId: string): Promise<Survey[]> {
      if (!(await q.canAccessCompany(db, user, companyId))) throw new HttpError('forbidden');
      return (await q.endedSurveys(db, companyId, storedCounts)).map(toSurvey);
    },

    /** comparableSurveys without the participant counts (report reads). */
    async comparableSurveyHeads(user: AuthUser, companyId: string): Promise<SurveyHead[]> {
      if (!(await q.canAccessCompany(db, user, companyId))) throw new HttpError('forbidden');
      return (await q.endedSurveyHeads(db, companyId)).map(toSurveyHead);
    },

    /** What the create form needs to know of a company: its open and latest ended survey. */
    async companyData(user: AuthUser, companyId: string) {
      const company = isUuid(companyId) ? await q.findCompany(db, companyId) : undefined;
      if (!company) throw new HttpError('not-found');
      if (!(await q.canAccessCompany(db, user, company.id))) throw new HttpError('forbidden');
      const [open, [latestEnded]] = await Promise.all([
        q.openSurvey(db, company.id),
        q.endedSurveys(db, company.id, storedCounts),
      ]);
      return {
        companyId: company.id,
        companyName: company.name,
        openSurvey: open ? toSurvey(open) : null,
        latestEndedSurvey: latestEnded ? toSurvey(latestEnded) : null,
      };
    },
  };
}

export type SurveysService = ReturnType<typeof surveysService>;
