// The rules of the report landing page (reporting.md section 2 "Reporting landing page" and "Report
// filter panel", section 6 roles), free of React so the tests read like the spec.
import type { ReportGrouping, Role } from '../../__generated__/graphql';
import { paths } from '../../lib/paths';
import { MAX_COMPARED_SURVEYS, type FinishTimeCode, type ReportFilterState } from './reportQuery';

/** No comparison, two surveys side by side, or the first survey's groups on a breakdown. */
export type ComparisonMode = 'none' | 'surveys' | 'groups';

export function comparisonModeOf(filters: ReportFilterState): ComparisonMode {
  if (filters.groupBy) return 'groups';
  return filters.surveyIds.length > 1 ? 'surveys' : 'none';
}

/** How many surveys may be selected: two when comparing surveys, else one. */
export const surveyLimit = (mode: ComparisonMode): number =>
  mode === 'surveys' ? MAX_COMPARED_SURVEYS : 1;

/** Selecting a survey toggles its membership; at the limit an unselected survey cannot be added. */
export function toggleSurvey(selected: readonly string[], id: string, limit: number): string[] {
  if (selected.includes(id)) return selected.filter((each) => each !== id);
  return selected.length < limit ? [...selected, id] : [...selected];
}

export const isSurveyDisabled = (selected: readonly string[], id: string, limit: number) =>
  !selected.includes(id) && selected.length >= limit;

/**
 * Switching the comparison keeps only the last compared survey, and in the group comparison the
 * last grouping (the one in the filters, else the one chosen before).
 */
export function switchComparison(
  filters: ReportFilterState,
  to: ComparisonMode,
  lastGrouping: ReportGrouping | null,
): Partial<ReportFilterState> {
  return {
    surveyIds: filters.surveyIds.slice(-1),
    groupBy: to === 'groups' ? (filters.groupBy ?? lastGrouping) : null,
  };
}

/** A custom range (3) keeps its days; any other finish time drops them. */
export function withFinishTime(code: FinishTimeCode): Partial<ReportFilterState> {
  return code === 3
    ? { surveyFinishTime: 3 }
    : { surveyFinishTime: code, rangeStart: null, rangeEnd: null };
}

/** The all-data benchmark (Admin) starts clean: no company, survey, unit, industry, size or window. */
export function switchDataMode(wholeData: boolean): Partial<ReportFilterState> {
  return {
    wholeData,
    companyId: null,
    surveyIds: [],
    units: [],
    groupBy: null,
    industryId: null,
    sizeId: null,
    surveyFinishTime: 2,
    rangeStart: null,
    rangeEnd: null,
  };
}

/** Another company: its surveys and units are chosen anew. */
export const switchCompany = (companyId: string | null): Partial<ReportFilterState> => ({
  companyId,
  surveyIds: [],
  units: [],
  groupBy: null,
});

export interface SurveyOption {
  id: string;
  name: string;
}

/**
 * The surveys a reader may choose: every survey of the company when the reader `seesUnended` (the
 * account's `seesUnendedSurveys`, which the API decides), else only the ended (comparable) ones.
 */
export function surveyOptions(
  seesUnended: boolean,
  companySurveys: readonly SurveyOption[],
  endedSurveys: readonly SurveyOption[],
): SurveyOption[] {
  return [...(seesUnended ? companySurveys : endedSurveys)];
}

/**
 * The survey chooser's options with the chosen survey among them when its results are not open to
 * the reader (a shared link to an open survey): the chooser names the survey the notice names,
 * not "Choose a survey".
 */
export function withChosenSurvey(
  options: readonly SurveyOption[],
  notOpen: SurveyOption | null,
): SurveyOption[] {
  if (!notOpen || options.some((option) => option.id === notOpen.id)) return [...options];
  return [...options, notOpen];
}

/**
 * The surveys offered for comparison: the company's ended surveys, plus the ones already selected
 * (an Admin's open survey stays visible so it can be deselected).
 */
export function comparisonOptions(
  selected: readonly string[],
  chosable: readonly SurveyOption[],
  endedSurveys: readonly SurveyOption[],
): SurveyOption[] {
  const ended = new Set(endedSurveys.map((survey) => survey.id));
  return chosable.filter((survey) => ended.has(survey.id) || selected.includes(survey.id));
}

/**
 * The chosen survey when its results are not open to the reader yet: it has not ended, and the
 * reader (SuperUser, User) reads only ended surveys. Null when the reports can be read.
 */
export function surveyNotOpen<S extends { id: string; hasEnded: boolean }>(
  seesUnended: boolean,
  surveyId: string | null,
  companySurveys: readonly S[],
): S | null {
  if (seesUnended || !surveyId) return null;
  const survey = companySurveys.find((each) => each.id === surveyId);
  return survey && !survey.hasEnded ? survey : null;
}

/** A User with no ended survey has no report to read: the page sends them to the start page. */
export const mustLeaveReports = (role: Role, endedSurveyCount: number): boolean =>
  role === 'USER' && endedSurveyCount === 0;

/** The path of the question-answering page (built by the AI feature). */
export const ASK_KIDDY_PATH = paths.reportAskKiddy;

export const TILE_KEYS = [
  'currentSatisfaction',
  'mostImportant',
  'mostImportantGrouped',
  'realizations',
  'lIndexCompare',
  'lIndexGrouped',
  'realizationsByVariables',
  'enps',
  'openComments',
  'askKiddy',
  'correlation',
  'lMap',
  'package',
] as const;
export type TileKey = (typeof TILE_KEYS)[number];

const TILE_PATHS: Record<TileKey, string> = {
  currentSatisfaction: paths.reportCurrentSatisfaction,
  mostImportant: paths.reportMostImportant,
  mostImportantGrouped: paths.reportMostImportantGrouped,
  realizations: paths.reportRealizations,
  lIndexCompare: paths.reportLIndexCompare,
  lIndexGrouped: paths.reportLIndexGrouped,
  realizationsByVariables: paths.reportRealizationsByVariables,
  enps: paths.reportEnps,
  openComments: paths.reportOpenComments,
  askKiddy: ASK_KIDDY_PATH,
  correlation: paths.reportCorrelation,
  lMap: paths.reportLMap,
  package: paths.reportPackage,
};

/** A tile's name, which is also the title of the page it opens (one key, so they always match). */
export const tileTitleKey = (key: TileKey) => `console.landing.tiles.${key}.title` as const;

/** What the tiles need to know of the chosen survey. */
export interface TileSurvey {
  baseSurveyId?: string | null;
  showOpenComments?: string | null;
  settings?: { showAskKiddyManager: boolean; showAskKiddyUser: boolean } | null;
}

export interface TileContext {
  role: Role;
  filters: ReportFilterState;
  /** The first chosen survey; null while none is chosen (or it is loading). */
  survey: TileSurvey | null;
  /** The chosen company's report package setting (`CompanySettings.reportPackage`). */
  companyHasReportPackage: boolean;
  /** True when the chosen survey has not ended and the reader sees only ended surveys. */
  resultsNotOpen?: boolean;
}

/**
 * Why a tile is disabled: a trend survey, no single survey chosen (the all-data benchmark), or a
 * survey whose results the reader may read only once it has ended.
 */
export type TileDisabledReason = 'trend' | 'needsSurvey' | 'notEnded';

export interface ReportTile {
  key: TileKey;
  path: string;
  disabled: boolean;
  reason: TileDisabledReason | null;
}

function askKiddyVisible({ role, survey }: TileContext): boolean {
  if (role === 'ADMIN') return true;
  if (role === 'USER') return survey?.settings?.showAskKiddyUser === true;
  return survey?.settings?.showAskKiddyManager === true;
}

function tileVisible(key: TileKey, context: TileContext): boolean {
  const surveyChosen = context.filters.surveyIds.length > 0;
  switch (key) {
    case 'openComments':
      return surveyChosen && (context.role !== 'USER' || Boolean(context.survey?.showOpenComments));
    case 'askKiddy':
      return askKiddyVisible(context);
    case 'package':
      return context.role === 'ADMIN' || context.companyHasReportPackage;
    default:
      return true;
  }
}

function disabledReason(key: TileKey, context: TileContext): TileDisabledReason | null {
  // Every report of the survey would be refused until it ends.
  if (context.resultsNotOpen) return 'notEnded';
  switch (key) {
    case 'mostImportant':
    case 'mostImportantGrouped':
      return context.survey?.baseSurveyId ? 'trend' : null;
    // Both read one survey: nothing to show for the all-data benchmark.
    case 'askKiddy':
    case 'package':
      return context.filters.wholeData ? 'needsSurvey' : null;
    default:
      return null;
  }
}

/** The tiles the account sees, in the spec's order, each with whether it is disabled. */
export function reportTiles(context: TileContext): ReportTile[] {
  return TILE_KEYS.filter((key) => tileVisible(key, context)).map((key) => {
    const reason = disabledReason(key, context);
    return { key, path: TILE_PATHS[key], disabled: reason !== null, reason };
  });
}

/** A tile links to its report with the filters; not when disabled or without filters to carry. */
export function tileHref(tile: ReportTile, search: string, ready: boolean): string | null {
  if (tile.disabled || !ready || !search) return null;
  return `${tile.path}?${search}`;
}

export interface UnitChoice {
  id: string;
  name: string;
  level: number;
}

export interface UnitLevelGroup {
  level: number;
  units: UnitChoice[];
}

/** Units by level; a search keeps the units whose name contains it (ignoring case). */
export function unitLevelGroups(units: readonly UnitChoice[], search: string): UnitLevelGroup[] {
  const needle = search.trim().toLowerCase();
  const matching = needle
    ? units.filter((unit) => unit.name.toLowerCase().includes(needle))
    : units;
  const levels = [...new Set(matching.map((unit) => unit.level))].sort((a, b) => a - b);
  return levels.map((level) => ({
    level,
    units: matching.filter((unit) => unit.level === level),
  }));
}

/** The levels a search opens: those with a matching unit (none for a blank search). */
export function levelsMatching(units: readonly UnitChoice[], search: string): number[] {
  return search.trim() ? unitLevelGroups(units, search).map((group) => group.level) : [];
}

/** Opens a closed level or closes an open one. */
export const toggleLevel = (open: readonly number[], level: number): number[] =>
  open.includes(level) ? open.filter((each) => each !== level) : [...open, level];
