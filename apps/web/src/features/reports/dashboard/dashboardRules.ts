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

/** Admin and PartnerAdmin may read a survey before it ends; SuperUser and User only ended ones. */
export function seesUnendedSurveys(role: Role): boolean {
  return role === 'Admin' || role === 'PartnerAdmin';
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

/** The company's surveys the role may pick: started ones (ended ones for SuperUser and User), newest first. */
export function selectableSurveys<S extends ChoosableSurvey>(
  company: ChoosableCompany<S>,
  role: Role,
): S[] {
  const unended = seesUnendedSurveys(role);
  return company.surveys
    .filter((survey) => survey.hasStarted && (unended || survey.hasEnded))
    .sort(newestFirst);
}

/** The company dropdown: only companies with at least one survey the role may pick. */
export function selectableCompanies<C extends ChoosableCompany>(
  companies: readonly C[],
  role: Role,
): C[] {
  return companies.filter((company) => selectableSurveys(company, role).length > 0);
}

/**
 * What the dashboard shows when the address names nothing: with one company, that company and its
 * latest survey; with several, the newest started survey of any of them (and its company).
 */
export function preselect(
  companies: readonly ChoosableCompany[],
  role: Role,
): DashboardSelection | null {
  const candidates = selectableCompanies(companies, role).flatMap((company) =>
    selectableSurveys(company, role).map((survey) => ({ company, survey })),
  );
  const newest = candidates.sort((a, b) => newestFirst(a.survey, b.survey))[0];
  return newest ? { companyId: newest.company.id, surveyId: newest.survey.id } : null;
}

/** Choosing a company selects its first (newest) survey. */
export function selectCompany(
  companies: readonly DashboardCompany[],
  role: Role,
  companyId: string,
): DashboardSelection | null {
  const company = selectableCompanies(companies, role).find((entry) => entry.id === companyId);
  const survey = company ? selectableSurveys(company, role)[0] : undefined;
  return company && survey ? { companyId: company.id, surveyId: survey.id } : null;
}

/**
 * The selection the dashboard shows for what the address asks: a survey the role may pick stays, a
 * company alone gets its first survey, anything else (nothing, or a survey out of reach) the
 * preselection.
 */
export function resolveSelection(
  companies: readonly DashboardCompany[],
  role: Role,
  asked: { companyId: string | null; surveyId: string | null },
): DashboardSelection | null {
  for (const company of selectableCompanies(companies, role)) {
    const survey = selectableSurveys(company, role).find((entry) => entry.id === asked.surveyId);
    if (survey && (!asked.companyId || asked.companyId === company.id)) {
      return { companyId: company.id, surveyId: survey.id };
    }
  }
  if (asked.companyId) {
    const chosen = selectCompany(companies, role, asked.companyId);
    if (chosen) return chosen;
  }
  return preselect(companies, role);
}

/** "Nothing here yet": no company has a survey the role may pick (in particular, none has surveys). */
export function hasNothingYet(companies: readonly DashboardCompany[], role: Role): boolean {
  return selectableCompanies(companies, role).length === 0;
}

/** Cut-off of the extra section (spec section 9): surveys created after 2024-08-01. */
export const EXTRA_SECTION_CUTOFF = '2024-08-01';
const EXTRA_SECTION_ROLES: readonly Role[] = ['Admin', 'PartnerAdmin', 'SuperUser'];

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
