// The survey screens' rules, kept apart from the components so they can be tested on their own.
import dayjs from 'dayjs';
import type { SurveyOrderBy } from '../../__generated__/graphql';

export const SURVEYS_PAGE_SIZE = 10;
/** Survey search and the show-open-comments toggle wait this long (administration.md section 9). */
export const SEARCH_DEBOUNCE_MS = 500;
export const SHOW_COMMENTS_DEBOUNCE_MS = 500;
export const DAY_FORMAT = 'D.M.YYYY';

/** Table column key -> GraphQL order column. */
export const ORDER_BY: Record<string, SurveyOrderBy> = {
  name: 'NAME',
  created: 'CREATED',
  invitesSent: 'INVITES_SENT',
  finished: 'FINISHED',
};

export type SurveyStatus = 'notStarted' | 'open' | 'ended';

/** Planned (no invitation sent yet), open, or ended (the end date has passed). */
export function surveyStatus(survey: { hasStarted: boolean; hasEnded: boolean }): SurveyStatus {
  if (survey.hasEnded) return 'ended';
  return survey.hasStarted ? 'open' : 'notStarted';
}

/** d.M.yyyy in local time; empty for no date. */
export function formatDay(value: string | null | undefined): string {
  return value ? dayjs(value).format(DAY_FORMAT) : '';
}

export function calendarLocale(language: string): 'fi' | 'sv' | 'en' {
  if (language.startsWith('fi')) return 'fi';
  if (language.startsWith('sv')) return 'sv';
  return 'en';
}

/** The picked day (YYYY-MM-DD from the date picker) as the instant of its local midnight. */
export function endDateInstant(day: string): string {
  return dayjs(day).startOf('day').toISOString();
}

export const BACKGROUND_SETTINGS = [
  'showBackgroundAge',
  'showBackgroundGender',
  'showBackgroundEmploymentDuration',
  'showBackgroundEducation',
  'showBackgroundPosition',
  'showBackgroundContractType',
  'showBackgroundWorkingHours',
] as const;

export const AI_SETTINGS = [
  'showAskKiddyManager',
  'showAskKiddyUser',
  'showAgenticAskKiddy',
  'shouldUseVectorSearchAskKiddy',
  'showAiSummarizationManager',
  'showAiSummarizationUser',
  'showAiTranslationManager',
  'showAiTranslationUser',
] as const;

export type SettingName = (typeof BACKGROUND_SETTINGS)[number] | (typeof AI_SETTINGS)[number];
export type SettingsValues = Record<SettingName, boolean>;

/**
 * Section 4: every setting is locked for an old survey (settings null); the background toggles
 * also once invitations were sent; the AI toggles only for old surveys.
 */
export function settingLocks(survey: { settings: unknown; hasStarted: boolean }): {
  background: boolean;
  ai: boolean;
} {
  const old = survey.settings === null;
  return { background: old || survey.hasStarted, ai: old };
}

/** The create form: tracking is possible only when the company has an ended survey. */
export function trackingAllowed(data: { latestEndedSurvey: { id: string } | null } | undefined) {
  return Boolean(data?.latestEndedSurvey);
}

/** The create form sends only when name, short name and company are there (section 5). */
export function canCreate(values: { name: string; shortName: string; companyId: string | null }) {
  return values.name.trim() !== '' && values.shortName.trim() !== '' && Boolean(values.companyId);
}
