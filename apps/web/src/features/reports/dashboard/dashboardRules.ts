// The dashboard's rules (spec section 2 "Dashboard" and "Survey status text"), as pure functions so
// they are tested without a browser: which companies and surveys can be chosen, what is preselected,
// which sections show and what the survey status line says.
import dayjs from 'dayjs';
import type { DashboardRouteQuery, Role } from '../../../__generated__/graphql';

export type DashboardCompany = DashboardRouteQuery['companyChoices'][number];
export type DashboardSurvey = DashboardCompany['surveys'][number];

export interface DashboardSelection {
  companyId: string;
  surveyId: string;
}

/** What choosing and preselecting read of a survey (the report landing page shares these rules). */
export interface ChoosableSurvey {
  id: string;
  created: string;
  hasStarted: boolean;
  hasEnded: boolean;
}
export interface ChoosableCompany<S extends ChoosableSurvey = ChoosableSurvey> {
  id: string;
  surveys: readonly S[];
}

const newestFirst = (a: ChoosableSurvey, b: ChoosableSurvey) =>
  dayjs(b.created).valueOf() - dayjs(a.created).valueOf();

/**
 * The company's surveys the reader may pick, newest first: started ones, and only ended ones unless
 * the reader `seesUnended` (the account's `seesUnendedSurveys`, which the API decides).
 */
export function selectableSurveys<S extends ChoosableSurvey>(
  company: ChoosableCompany<S>,
  seesUnended: boolean,
): S[] {
  return company.surveys
    .filter((survey) => survey.hasStarted && (seesUnended || survey.hasEnded))
    .sort(newestFirst);
}

/** The company dropdown: only companies with at least one survey the reader may pick. */
export function selectableCompanies<C extends ChoosableCompany>(
  companies: readonly C[],
  seesUnended: boolean,
): C[] {
  return companies.filter((company) => selectableSurveys(company, seesUnended).length > 0);
}

/**
 * What the dashboard shows when the address names nothing: with one company, that company and its
 * latest survey; with several, the newest started survey of any of them (and its company).
 */
export function preselect(
  companies: readonly ChoosableCompany[],
  seesUnended: boolean,
): DashboardSelection | null {
  const candidates = selectableCompanies(companies, seesUnended).flatMap((company) =>
    selectableSurveys(company, seesUnended).map((survey) => ({ company, survey })),
  );
  const newest = candidates.sort((a, b) => newestFirst(a.survey, b.survey))[0];
  return newest ? { companyId: newest.company.id, surveyId: newest.survey.id } : null;
}

/** Choosing a company selects its first (newest) survey. */
export function selectCompany(
  companies: readonly DashboardCompany[],
  seesUnended: boolean,
  companyId: string,
): DashboardSelection | null {
  const company = selectableCompanies(companies, seesUnended).find(
    (entry) => entry.id === companyId,
  );
  const survey = company ? selectableSurveys(company, seesUnended)[0] : undefined;
  return company && survey ? { companyId: company.id, surveyId: survey.id } : null;
}

/**
 * The selection the dashboard shows for what the address asks: a survey the reader may pick stays, a
 * company alone gets its first survey, anything else (nothing, or a survey out of reach) the
 * preselection.
 */
export function resolveSelection(
  companies: readonly DashboardCompany[],
  seesUnended: boolean,
  asked: { companyId: string | null; surveyId: string | null },
): DashboardSelection | null {
  for (const company of selectableCompanies(companies, seesUnended)) {
    const survey = selectableSurveys(company, seesUnended).find(
      (entry) => entry.id === asked.surveyId,
    );
    if (survey && (!asked.companyId || asked.companyId === company.id)) {
      return { companyId: company.id, surveyId: survey.id };
    }
  }
  if (asked.companyId) {
    const chosen = selectCompany(companies, seesUnended, asked.companyId);
    if (chosen) return chosen;
  }
  return preselect(companies, seesUnended);
}

/** "Nothing here yet": no company has a survey the reader may pick (in particular, none has surveys). */
export function hasNothingYet(
  companies: readonly DashboardCompany[],
  seesUnended: boolean,
): boolean {
  return selectableCompanies(companies, seesUnended).length === 0;
}

/** Cut-off of the extra section (spec section 9): surveys created after 2024-08-01. */
export const EXTRA_SECTION_CUTOFF = '2024-08-01';
const EXTRA_SECTION_ROLES: readonly Role[] = ['ADMIN', 'PARTNER_ADMIN', 'SUPER_USER'];

/**
 * The extra section (change-job willingness, a question asked since the 2024 questionnaire and not in
 * trend surveys): not a trend survey, a managing role, created after the cut-off.
 */
export function showsExtraSection(
  survey: Pick<DashboardSurvey, 'baseSurveyId' | 'created'>,
  role: Role,
): boolean {
  return (
    !survey.baseSurveyId &&
    EXTRA_SECTION_ROLES.includes(role) &&
    dayjs(survey.created).isAfter(dayjs(EXTRA_SECTION_CUTOFF))
  );
}

export type SurveyStatus =
  | { kind: 'endsToday'; end: string }
  | { kind: 'open'; daysLeft: number; end: string }
  | { kind: 'ended'; start: string; end: string };

export const DAY_FORMAT = 'D.M.YYYY';

/** d.M.yyyy in local time; a dash-free empty string for no date. */
export function formatDay(value: string | null | undefined): string {
  return value ? dayjs(value).format(DAY_FORMAT) : '';
}

/**
 * The status line of the response activity widget: ends today, open (days left and end date) or
 * ended (start and end dates); null when the end date or the invitation date is missing.
 */
export function surveyStatus(
  survey: Pick<DashboardSurvey, 'finished' | 'invitesSent'>,
  now: Date = new Date(),
): SurveyStatus | null {
  if (!survey.finished || !survey.invitesSent) return null;
  const end = dayjs(survey.finished);
  const today = dayjs(now);
  const endText = end.format(DAY_FORMAT);
  if (end.isSame(today, 'day')) return { kind: 'endsToday', end: endText };
  if (end.isAfter(today)) {
    return {
      kind: 'open',
      daysLeft: end.startOf('day').diff(today.startOf('day'), 'day'),
      end: endText,
    };
  }
  return { kind: 'ended', start: formatDay(survey.invitesSent), end: endText };
}
