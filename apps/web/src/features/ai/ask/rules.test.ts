import { describe, expect, it } from 'vitest';
import {
  amountAtSearch,
  answerParts,
  askErrorKind,
  clampAmount,
  clampThreshold,
  groupBySentiment,
  hasRankBadge,
  mayAsk,
  questionProblem,
  seesExpertSettings,
  sentimentHeading,
  shownComments,
  threadOf,
  withThread,
} from './rules';

const settings = (manager: boolean, user: boolean) => ({
  settings: { showAskKiddyManager: manager, showAskKiddyUser: user },
});

describe('the Ask page rules', () => {
  it('takes questions of 4 to 1000 characters', () => {
    expect(questionProblem('abc')).toBe('tooShort');
    expect(questionProblem('   abc   ')).toBe('tooShort');
    expect(questionProblem('abcd')).toBeNull();
    expect(questionProblem('a'.repeat(1000))).toBeNull();
    expect(questionProblem('a'.repeat(1001))).toBe('tooLong');
  });

  it('clamps the amount to 0..150 and searches 0 as 50', () => {
    expect(clampAmount(-5)).toBe(0);
    expect(clampAmount(151)).toBe(150);
    expect(clampAmount('80')).toBe(80);
    expect(clampAmount('')).toBe(0);
    expect(amountAtSearch(0)).toBe(50);
    expect(amountAtSearch(100)).toBe(100);
  });

  it('keeps the similarity threshold on 0.05..0.9 in steps of 0.05, empty as 0.1', () => {
    expect(clampThreshold('')).toBe(0.1);
    expect(clampThreshold(0)).toBe(0.05);
    expect(clampThreshold(2)).toBe(0.9);
    expect(clampThreshold(0.33)).toBe(0.35);
    expect(clampThreshold(0.3)).toBe(0.3);
  });

  it('follows the tile rule: Admin always, managers and users by their setting', () => {
    expect(mayAsk('ADMIN', settings(false, false))).toBe(true);
    expect(mayAsk('ADMIN', { settings: null })).toBe(true);
    expect(mayAsk('PARTNER_ADMIN', settings(true, false))).toBe(true);
    expect(mayAsk('SUPER_USER', settings(false, true))).toBe(false);
    expect(mayAsk('USER', settings(true, false))).toBe(false);
    expect(mayAsk('USER', settings(false, true))).toBe(true);
    expect(mayAsk('USER', { settings: null })).toBe(false);
    expect(mayAsk('ADMIN', null)).toBe(false);
  });

  it('shows the search type, agentic mode and datasource labels to the Admin only', () => {
    expect(seesExpertSettings('ADMIN')).toBe(true);
    for (const role of ['PARTNER_ADMIN', 'SUPER_USER', 'USER'] as const)
      expect(seesExpertSettings(role)).toBe(false);
  });

  it('groups comments by sentiment, best first, and names trend groups better, worse, important', () => {
    const groups = groupBySentiment([
      { id: 'a', type: 'NEGATIVE', rank: 3 },
      { id: 'b', type: 'POSITIVE', rank: 2 },
      { id: 'c', type: 'NEGATIVE', rank: 1 },
    ]);
    expect(groups.map((g) => [g.sentiment, g.comments.map((c) => c.id)])).toEqual([
      ['positive', ['b']],
      ['negative', ['c', 'a']],
    ]);
    expect(
      ['positive', 'negative', 'neutral'].map((s) => sentimentHeading(s as never, true)),
    ).toEqual(['better', 'worse', 'important']);
    expect(sentimentHeading('neutral', false)).toBe('neutral');
  });

  it('shows 4 comments of a group until expanded, and rank badges on the top 3', () => {
    const six = [1, 2, 3, 4, 5, 6];
    expect(shownComments(six, false)).toEqual([1, 2, 3, 4]);
    expect(shownComments(six, true)).toEqual(six);
    expect([0, 1, 2, 3, 4].map(hasRankBadge)).toEqual([false, true, true, true, false]);
  });

  it('maps 403 and 404 to their messages and allows 3 retries of anything else', () => {
    expect(askErrorKind('FORBIDDEN', 0)).toBe('forbidden');
    expect(askErrorKind('NOT_FOUND', 5)).toBe('noIndex');
    expect([0, 1, 2, 3].map((retries) => askErrorKind('INTERNAL', retries))).toEqual([
      'retry',
      'retry',
      'retry',
      'noRetry',
    ]);
  });

  it('keeps the thread in the address and drops questions it would refuse', () => {
    const params = new URLSearchParams('surveyId=s1&q=first+question&q=no');
    expect(threadOf(params)).toEqual(['first question']);
    const next = withThread(params, ['one question', 'two question']);
    expect(next.get('surveyId')).toBe('s1');
    expect(next.getAll('q')).toEqual(['one question', 'two question']);
  });

  it('turns [id] markers of found comments into citations and leaves other brackets', () => {
    expect(answerParts('Pay [c1] and [note] [c2].', new Set(['c1', 'c2']))).toEqual([
      { text: 'Pay ' },
      { text: '[c1]', commentId: 'c1' },
      { text: ' and [note] ' },
      { text: '[c2]', commentId: 'c2' },
      { text: '.' },
    ]);
  });
});
