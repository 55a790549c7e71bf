// The questionnaire's own check of answers (survey-model.md "The questionnaire"): what a draft may
// hold, and what a finished participation must. Field paths name the question, so the form can put
// each message next to it: `background.age`, `important`, `realizations.7`, `comments.2.text`, `trend.7`.
import type { FieldError } from '../../lib/errors.js';
import {
  BACKGROUND,
  BACKGROUND_KEYS,
  COMMENT_CRITERIA,
  CRITERIA,
  type BackgroundKey,
} from '../../lib/questionnaire.js';
import { COMMENT_MAX_LENGTH, type Answers } from './schemas.js';

/** How many criteria a participant picks as most important. */
export const IMPORTANT_COUNT = 10;

/** What this participation is asked. */
export interface Questions {
  background: BackgroundKey[];
  /** A trend survey (one with a base survey) asks the change of each important criterion. */
  trend: boolean;
}

export const ERRORS = {
  required: 'questionnaire.errors.required',
  importantCount: 'questionnaire.errors.importantCount',
  duplicate: 'questionnaire.errors.duplicate',
  unknownCriterion: 'questionnaire.errors.unknownCriterion',
  outOfRange: 'questionnaire.errors.outOfRange',
  notAsked: 'questionnaire.errors.notAsked',
  invalidValue: 'questionnaire.errors.invalidValue',
  commentEmpty: 'questionnaire.errors.commentEmpty',
  commentTooLong: 'questionnaire.errors.commentTooLong',
  trendNotImportant: 'questionnaire.errors.trendNotImportant',
} as const;

const isInt = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;
const isCriterion = (id: number) => CRITERIA.includes(id);

/**
 * The problems of `answers` for these questions. A draft (`complete: false`) may leave questions
 * unanswered but holds nothing invalid; a finished participation answers every question asked
 * except the background questions, which are optional.
 */
export function checkAnswers(
  answers: Answers,
  questions: Questions,
  { complete }: { complete: boolean },
): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });

  for (const [key, value] of Object.entries(answers.background)) {
    if (!questions.background.includes(key as BackgroundKey))
      add(`background.${key}`, ERRORS.notAsked);
    else if (!(BACKGROUND[key as BackgroundKey].values as readonly string[]).includes(value))
      add(`background.${key}`, ERRORS.invalidValue);
  }
  // Background questions may stay unanswered (stored null, "nobody said"): a person may keep them
  // to themselves, which also keeps small groups from forming around rare answers.

  const important = answers.important;
  if (important.some((id) => !isCriterion(id))) add('important', ERRORS.unknownCriterion);
  else if (new Set(important).size !== important.length) add('important', ERRORS.duplicate);
  else if (important.length > IMPORTANT_COUNT || (complete && important.length !== IMPORTANT_COUNT))
    add('important', ERRORS.importantCount);

  const rated = new Set<number>();
  answers.realizations.forEach(({ criterionId, value }, index) => {
    if (!isCriterion(criterionId)) add(`realizations.${index}`, ERRORS.unknownCriterion);
    else if (rated.has(criterionId)) add(`realizations.${criterionId}`, ERRORS.duplicate);
    else if (!isInt(value, 0, 100)) add(`realizations.${criterionId}`, ERRORS.outOfRange);
    rated.add(criterionId);
  });
  if (complete) {
    for (const id of CRITERIA) if (!rated.has(id)) add(`realizations.${id}`, ERRORS.required);
  }

  const scale = (field: 'satisfaction' | 'enps', max: number) => {
    const value = answers[field];
    if (value === null) {
      if (complete) add(field, ERRORS.required);
    } else if (!isInt(value, 0, max)) add(field, ERRORS.outOfRange);
  };
  scale('satisfaction', 100);
  scale('enps', 10);
  if (complete && answers.changeJob === null) add('changeJob', ERRORS.required);

  answers.comments.forEach(({ criterionId, text }, index) => {
    if (!COMMENT_CRITERIA.includes(criterionId))
      add(`comments.${index}.criterionId`, ERRORS.unknownCriterion);
    // A draft may hold a comment being typed; a finished one says something.
    if (complete && text.trim() === '') add(`comments.${index}.text`, ERRORS.commentEmpty);
    if (text.length > COMMENT_MAX_LENGTH) add(`comments.${index}.text`, ERRORS.commentTooLong);
  });

  const changed = new Set<number>();
  for (const { criterionId } of answers.trend) {
    if (!questions.trend) add('trend', ERRORS.notAsked);
    else if (!isCriterion(criterionId)) add(`trend.${criterionId}`, ERRORS.unknownCriterion);
    else if (changed.has(criterionId)) add(`trend.${criterionId}`, ERRORS.duplicate);
    else if (complete && !important.includes(criterionId))
      add(`trend.${criterionId}`, ERRORS.trendNotImportant);
    changed.add(criterionId);
  }
  if (complete && questions.trend) {
    for (const id of important) if (!changed.has(id)) add(`trend.${id}`, ERRORS.required);
  }
  // One message per field is enough for a form.
  return errors.filter((e, i) => errors.findIndex((other) => other.field === e.field) === i);
}

/** The participant's L-index: mean realization of the criteria they picked (survey-model.md). */
export function lindexOf(answers: Answers): number {
  const byCriterion = new Map(answers.realizations.map((r) => [r.criterionId, r.value]));
  const values = answers.important.map((id) => byCriterion.get(id) ?? 0);
  return values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
}

/** The 30 realizations in `responses.realizations` order (criterion 2 first). */
export const realizationArray = (answers: Answers): number[] => {
  const byCriterion = new Map(answers.realizations.map((r) => [r.criterionId, r.value]));
  return CRITERIA.map((id) => byCriterion.get(id) ?? 0);
};

export { BACKGROUND_KEYS };
