// What a finished participation answers (survey-model.md "The questionnaire"): the criteria and the
// background questions, one definition for the reports, the exports and the demo data.

/** Criterion ids 2..31 in questionnaire order; `responses.realizations[i]` is criterion i + 2. */
/**
 * Wrong PIN tries after which an invitation's PIN stops working, until a new PIN is set or sent
 * (docs/scaling.md).
 */
export const PIN_MAX_WRONG_TRIES = 5;

export const CRITERIA: readonly number[] = Array.from({ length: 30 }, (_, i) => i + 2);

/** A comment's criterion: one of CRITERIA or 99, "something else". */
export const OTHER_CRITERION = 99;
export const COMMENT_CRITERIA: readonly number[] = [...CRITERIA, OTHER_CRITERION];

/** Background questions: the column in `responses` and the allowed answers, in display order. */
export const BACKGROUND = {
  age: { column: 'age', values: ['<25', '25-34', '35-44', '45-54', '55+'] },
  gender: { column: 'gender', values: ['female', 'male', 'other', 'undisclosed'] },
  employmentDuration: {
    column: 'employment_duration',
    values: ['<1', '1-3', '3-5', '5-10', '10+'],
  },
  education: {
    column: 'education',
    values: ['basic', 'vocational', 'bachelor', 'master', 'doctorate'],
  },
  position: {
    column: 'position',
    values: ['employee', 'expert', 'supervisor', 'manager', 'executive'],
  },
  contractType: { column: 'contract_type', values: ['permanent', 'fixed-term'] },
  workingHours: { column: 'working_hours', values: ['full-time', 'part-time', 'shift'] },
} as const;
export type BackgroundKey = keyof typeof BACKGROUND;
export const BACKGROUND_KEYS = Object.keys(BACKGROUND) as BackgroundKey[];

/** The company (and survey) setting that asks each background question. */
export const BACKGROUND_SETTING = {
  age: 'showBackgroundAge',
  gender: 'showBackgroundGender',
  employmentDuration: 'showBackgroundEmploymentDuration',
  education: 'showBackgroundEducation',
  position: 'showBackgroundPosition',
  contractType: 'showBackgroundContractType',
  workingHours: 'showBackgroundWorkingHours',
} as const satisfies Record<BackgroundKey, `showBackground${string}`>;
