// The company settings flags (administration.md section 3) and the create-form defaults (section 4).
import type { CompanySettingsInput } from '../../../__generated__/graphql';

export type CompanySettingsValues = Required<{
  [K in keyof CompanySettingsInput]-?: boolean;
}>;
export type SettingFlag = keyof CompanySettingsValues;

export const GROUP_COMMENT_FLAGS = [
  'groupCommentsUnit1',
  'groupCommentsUnit2',
  'groupCommentsUnit3',
  'groupCommentsUnit4',
  'groupCommentsUnit5',
  'groupCommentsUnit6',
  'groupCommentsUnit7',
  'groupCommentsUnit8',
  'groupCommentsUnit9',
  'groupCommentsUnit10',
] as const satisfies readonly SettingFlag[];

export const REPORT_FLAGS = [
  'reportPackage',
  'localizedReports',
  'sendEmailAfterSurvey',
  'showPassQuestions',
  'restrictOpenCommentsByUnit',
  'allowViewCommentsOfSmallGroup',
] as const satisfies readonly SettingFlag[];

export const BACKGROUND_FLAGS = [
  'showBackgroundAge',
  'showBackgroundGender',
  'showBackgroundEmploymentDuration',
  'showBackgroundEducation',
  'showBackgroundPosition',
  'showBackgroundContractType',
  'showBackgroundWorkingHours',
] as const satisfies readonly SettingFlag[];

const ALL_FLAGS: readonly SettingFlag[] = [
  ...REPORT_FLAGS,
  ...BACKGROUND_FLAGS,
  ...GROUP_COMMENT_FLAGS,
];

/**
 * A new company: report package on; email after the survey and the background questions on; passed
 * questions, unit restriction and everything else off.
 */
export const CREATE_DEFAULTS: CompanySettingsValues = Object.fromEntries(
  ALL_FLAGS.map((flag) => [
    flag,
    flag === 'reportPackage' ||
      flag === 'sendEmailAfterSurvey' ||
      (BACKGROUND_FLAGS as readonly string[]).includes(flag),
  ]),
) as CompanySettingsValues;

/** Only the flags, without `__typename` or anything else a query answer carries. */
export function settingsValues(settings: Partial<Record<string, unknown>>): CompanySettingsValues {
  return Object.fromEntries(
    ALL_FLAGS.map((flag) => [
      flag,
      typeof settings[flag] === 'boolean' ? settings[flag] : CREATE_DEFAULTS[flag],
    ]),
  ) as CompanySettingsValues;
}
