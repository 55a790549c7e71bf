import { anonymityThreshold } from './anonymity.js';
import { enps, importanceRanking, pearsonMatrix, percentages } from './formulas.js';
import { reportQuery } from './schemas.js';

describe('anonymity rules', () => {
  it('never lets the threshold go below 3', () => {
    expect(anonymityThreshold(5)).toBe(5);
    expect(anonymityThreshold(2)).toBe(3);
    expect(anonymityThreshold(8)).toBe(8);
  });
});

describe('formulas', () => {
  it('computes eNPS as percent promoters minus percent detractors', () => {
    // 10 answers: detractors 0,3,6 (3), passives 7,8 (2), promoters 9,9,10,10,10 (5): 50 - 30 = 20.
    const counts = [1, 0, 0, 1, 0, 0, 1, 1, 1, 2, 3];
    expect(enps(counts)).toEqual({
      percentage0to6: 30,
      percentage7to8: 20,
      percentage9to10: 50,
      score: 20,
    });
  });

  it('ranks importance by share, ties by criterion id', () => {
    const ranking = importanceRanking(
      new Map([
        [7, 2],
        [3, 2],
        [31, 4],
      ]),
      4,
    );
    expect(ranking.slice(0, 4).map((c) => [c.id, c.percentage])).toEqual([
      [31, 100],
      [3, 50],
      [7, 50],
      [2, 0],
    ]);
    expect(ranking).toHaveLength(30);
  });

  it('correlates columns by Pearson and leaves a constant column undefined', () => {
    // Columns: x = 1, 2, 3; y = 2, 4, 7; z = 5, 5, 5. Sxx = 2;
    // mean y = 13/3; Syy = (2-13/3)² + (4-13/3)² + (7-13/3)² = 49/9 + 1/9 + 64/9 = 114/9;
    // Sxy = (-1)(-7/3) + 0 + (1)(8/3) = 15/3 = 5; r = 5 / √(2 · 114/9) = 15 / √228.
    const rows = new Float64Array([1, 2, 5, 2, 4, 5, 3, 7, 5]);
    const matrix = pearsonMatrix(rows, 3);
    expect(matrix[0]?.[1]).toBeCloseTo(15 / Math.sqrt(228), 12);
    expect(matrix[1]?.[0]).toBeCloseTo(15 / Math.sqrt(228), 12);
    expect(matrix[0]?.[0]).toBe(1);
    expect(matrix[2]).toEqual([null, null, null]);
    expect(pearsonMatrix(new Float64Array([1, 2]), 2)).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('turns counts into percentages, zeros when nobody answered', () => {
    expect(percentages([1, 3])).toEqual([25, 75]);
    expect(percentages([0, 0])).toEqual([0, 0]);
  });
});

describe('report query parser', () => {
  const id = '8d0f7c4e-3b7a-4f5e-9c1d-2a3b4c5d6e7f';
  const parse = (query: Record<string, string>) => reportQuery.safeParse(query);
  const messages = (query: Record<string, string>) => {
    const result = parse(query);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('reads sets as JSON with unit and background filters', () => {
    const result = parse({
      sets: JSON.stringify([{ surveyId: id, filters: { unit1: [id], age: ['25-34'] } }]),
      reportLanguage: 'en-US',
    });
    expect(result.success && result.data.sets[0]?.filters).toEqual({
      unit1: [id],
      age: ['25-34'],
    });
  });

  it('names the problem of a bad set', () => {
    expect(messages({ sets: 'not json' })).toEqual(['sets:validation.invalid']);
    expect(messages({ sets: JSON.stringify([{}]) })).toEqual([
      'sets.0.surveyId:validation.required',
    ]);
    expect(messages({ sets: JSON.stringify([{ surveyId: id, wholeData: true }]) })).toEqual([
      'sets.0.wholeData:reports.query.surveyOrWholeData',
    ]);
    expect(messages({ sets: JSON.stringify([{ surveyId: id, surveyFinishTime: 1 }]) })).toEqual([
      'sets.0.surveyFinishTime:reports.query.wholeDataOnly',
    ]);
    expect(
      messages({
        sets: JSON.stringify([
          {
            wholeData: true,
            surveyFinishTime: 3,
            rangeStart: '2026-05-01',
            rangeEnd: '2026-04-01',
          },
        ]),
      }),
    ).toEqual(['sets.0.rangeEnd:reports.query.rangeEndBeforeStart']);
    expect(
      messages({ sets: JSON.stringify([{ surveyId: id, filters: { age: ['99'] } }]) }),
    ).toEqual(['sets.0.filters.age.0:validation.invalid']);
    expect(
      messages({ sets: JSON.stringify([{ surveyId: id }, { surveyId: id }, { surveyId: id }]) }),
    ).toEqual(['sets:validation.invalid']);
  });
});
