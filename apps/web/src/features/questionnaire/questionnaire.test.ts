import { describe, expect, it } from 'vitest';
import { emptyDraft, missingIn, stepOfField, stepsOf, toInput, type Questions } from './model';

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
});
