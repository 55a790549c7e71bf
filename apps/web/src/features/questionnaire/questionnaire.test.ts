import { describe, expect, it } from 'vitest';
import {
  DECLINED,
  emptyDraft,
  groupsOf,
  missingIn,
  resumeStep,
  stepOfField,
  stepsOf,
  toInput,
  type Questions,
} from './model';

const questions: Questions = {
  background: [{ question: 'AGE', options: ['<25', '25-34'] }],
  criteria: Array.from({ length: 30 }, (_, i) => i + 2),
  commentCriteria: [...Array.from({ length: 30 }, (_, i) => i + 2), 99],
  importantCount: 10,
  commentMaxLength: 20,
  trend: null,
};

describe('questionnaire answers', () => {
  it('asks the background step only when a background question is asked, the trend step only in a trend survey', () => {
    expect(stepsOf(questions)).toEqual([
      'background',
      'important',
      'realization',
      'overall',
      'comments',
    ]);
    expect(stepsOf({ ...questions, background: [], trend: { baseSurveyName: 'HK24' } })).toEqual([
      'important',
      'realization',
      'overall',
      'comments',
      'trend',
    ]);
  });

  it('says what each step still misses', () => {
    const draft = { ...emptyDraft(), important: [2, 3], realizations: { 2: 50 } };
    expect(missingIn('important', draft, questions)).toEqual([
      { key: 'missing.important', values: { count: 10, chosen: 2 } },
    ]);
    expect(missingIn('realization', draft, questions)).toEqual([
      { key: 'missing.realization', values: { missing: 29 } },
    ]);
    expect(missingIn('overall', { ...draft, enps: 0 }, questions).map((m) => m.key)).toEqual([
      'missing.satisfaction',
      'missing.changeJob',
    ]);
    const comments = [
      { key: 1, criterionId: 5, type: 'POSITIVE' as const, text: '  ' },
      { key: 2, criterionId: 5, type: 'POSITIVE' as const, text: 'x'.repeat(21) },
    ];
    expect(missingIn('comments', { ...draft, comments }, questions)).toEqual([
      { key: 'missing.commentEmpty', values: { number: 1 } },
      { key: 'missing.commentTooLong', values: { number: 2 } },
    ]);
    expect(missingIn('trend', { ...draft, trend: { 2: 'BETTER' } }, questions)).toEqual([
      { key: 'missing.trend', values: { missing: 1 } },
    ]);
  });

  it('sends trend answers only for the criteria still picked', () => {
    const input = toInput({ ...emptyDraft(), important: [2], trend: { 2: 'SAME', 3: 'WORSE' } });
    expect(input.trend).toEqual([{ criterionId: 2, change: 'SAME' }]);
  });

  it('puts a server field error on the step it belongs to', () => {
    expect(stepOfField('realizations.7')).toBe('realization');
    expect(stepOfField('comments.0.text')).toBe('comments');
    expect(stepOfField('enps')).toBe('overall');
  });

  it('continues where the person stopped: the first step still missing an answer', () => {
    const steps = stepsOf(questions);
    const allRated = Object.fromEntries(questions.criteria.map((id) => [id, 60]));
    const ten = questions.criteria.slice(0, 10);
    // Only the background saved: they had moved on to the important step.
    expect(resumeStep(steps, { ...emptyDraft(), background: { AGE: '<25' } }, questions)).toBe(1);
    // Ten picked, 12 of 30 rated: back on the realization step.
    const partly = Object.fromEntries(questions.criteria.slice(0, 12).map((id) => [id, 50]));
    expect(
      resumeStep(steps, { ...emptyDraft(), important: ten, realizations: partly }, questions),
    ).toBe(2);
    // Everything up to the overall step done: the overall step.
    const rated = { ...emptyDraft(), important: ten, realizations: allRated };
    expect(steps[resumeStep(steps, rated, questions)]).toBe('overall');
    // Nothing missing: the last step (comments), not the first.
    const done = { ...rated, satisfaction: 70, enps: 8, changeJob: false };
    expect(steps[resumeStep(steps, done, questions)]).toBe('comments');
  });

  it('never sends "I prefer not to answer" as a background answer', () => {
    const input = toInput({ ...emptyDraft(), background: { AGE: DECLINED, GENDER: 'female' } });
    expect(input.background).toEqual([{ question: 'GENDER', value: 'female' }]);
  });

  it('shows the 30 criteria in groups of six', () => {
    const groups = groupsOf(questions.criteria, 6);
    expect(groups).toHaveLength(5);
    expect(groups.map((g) => g.length)).toEqual([6, 6, 6, 6, 6]);
    expect(groups[4]).toEqual([26, 27, 28, 29, 30, 31]);
    expect(groupsOf([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });
});
