// The one mapping from GraphQL report sets to the REST `sets`, and the loader's normalized keys.
import { GraphQLError } from 'graphql';
import type { ReportGrouping } from '../../__generated__/resolvers.js';
import { groupingOf, restGroupKey, restPath, toRestSets } from './sets.js';

const SURVEY = 'de300000-0000-4000-8000-000000000301';
const levels = new Map([
  ['u-dev', 1],
  ['u-sales', 1],
  ['u-mobile', 2],
]);
const unitLevels = (surveyId: string) => (surveyId === SURVEY ? levels : undefined);

function fieldErrors(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLError);
    const e = error as GraphQLError;
    expect(e.extensions.code).toBe('BAD_USER_INPUT');
    return e.extensions.fieldErrors;
  }
  throw new Error('expected BAD_USER_INPUT');
}

describe('toRestSets', () => {
  it('puts each unit under its level and background answers under their REST values', () => {
    const [set] = toRestSets(
      [
        {
          surveyId: SURVEY,
          units: ['u-sales', 'u-mobile', 'u-dev'],
          background: { age: ['AGE_55_PLUS', 'UNDER_25'], contractType: ['FIXED_TERM'] },
        },
      ],
      unitLevels,
    );
    expect(set).toEqual({
      surveyId: SURVEY,
      filters: {
        unit1: ['u-dev', 'u-sales'],
        unit2: ['u-mobile'],
        age: ['55+', '<25'],
        contractType: ['fixed-term'],
      },
    });
  });

  it('reads a survey without filters as an empty filter map', () => {
    expect(toRestSets([{ surveyId: SURVEY }], unitLevels)).toEqual([
      { surveyId: SURVEY, filters: {} },
    ]);
  });

  it('encodes the all-data benchmark with its finish-time window', () => {
    expect(
      toRestSets(
        [
          {
            allData: {
              industryId: 'it',
              finishTime: 'RANGE',
              from: '2025-01-01',
              to: '2025-06-30',
            },
          },
          { allData: {} },
        ],
        unitLevels,
      ),
    ).toEqual([
      {
        wholeData: true,
        industryId: 'it',
        surveyFinishTime: 3,
        rangeStart: '2025-01-01',
        rangeEnd: '2025-06-30',
      },
      { wholeData: true, surveyFinishTime: 2 },
    ]);
    expect(
      toRestSets([{ allData: { finishTime: 'ROLLING_12_MONTHS', sizeId: 's2' } }], unitLevels),
    ).toEqual([{ wholeData: true, sizeId: 's2', surveyFinishTime: 0 }]);
  });

  it('names every field that is wrong', () => {
    expect(
      fieldErrors(() =>
        toRestSets(
          [
            { surveyId: SURVEY, allData: {}, units: ['u-unknown'] },
            { allData: { finishTime: 'RANGE', from: '2025-02-01', to: '1.1.2025' } },
          ],
          unitLevels,
        ),
      ),
    ).toEqual([
      { field: 'sets.0.allData', message: 'reports.query.surveyOrWholeData' },
      { field: 'sets.0.units', message: 'reports.query.surveyOnly' },
      { field: 'sets.1.allData.to', message: 'validation.invalid' },
    ]);
    expect(
      fieldErrors(() =>
        toRestSets(
          [{ allData: { finishTime: 'RANGE', from: '2025-02-01', to: '2025-01-31' } }],
          unitLevels,
        ),
      ),
    ).toEqual([{ field: 'sets.0.allData.to', message: 'reports.query.rangeEndBeforeStart' }]);
    expect(fieldErrors(() => toRestSets([{}], unitLevels))).toEqual([
      { field: 'sets.0.surveyId', message: 'validation.required' },
    ]);
    expect(
      fieldErrors(() => toRestSets([{ surveyId: SURVEY, units: ['u-elsewhere'] }], unitLevels)),
    ).toEqual([{ field: 'sets.0.units', message: 'reports.query.unknownUnit' }]);
    expect(
      fieldErrors(() =>
        toRestSets([{ surveyId: SURVEY }, { surveyId: SURVEY }, { surveyId: SURVEY }], unitLevels),
      ),
    ).toEqual([{ field: 'sets', message: 'reports.query.oneOrTwoSets' }]);
    expect(
      fieldErrors(() => toRestSets([{ allData: { from: '2025-01-01' } }], unitLevels)),
    ).toEqual([{ field: 'sets.0.allData.from', message: 'reports.query.rangeNeedsFinishTime3' }]);
  });
});

describe('groupings', () => {
  it('maps every breakdown to its REST key and back', () => {
    const all: ReportGrouping[] = [
      ...Array.from({ length: 10 }, (_, i) => `UNIT_LEVEL_${i + 1}` as ReportGrouping),
      'AGE',
      'GENDER',
      'EMPLOYMENT_DURATION',
      'EDUCATION',
      'POSITION',
      'CONTRACT_TYPE',
      'WORKING_HOURS',
    ];
    expect(restGroupKey('UNIT_LEVEL_10')).toBe('unit10');
    expect(restGroupKey('EMPLOYMENT_DURATION')).toBe('employmentDuration');
    for (const grouping of all) expect(groupingOf(restGroupKey(grouping))).toBe(grouping);
  });
});

describe('restPath', () => {
  it('gives equal reads the same path whatever the order of keys and parameters', () => {
    const a = restPath('/report/enps', {
      sets: [{ surveyId: SURVEY, filters: { age: ['<25'], unit1: ['x'] } }],
      reportLanguage: 'en-US',
      groupBy: undefined,
    });
    const b = restPath('/report/enps', {
      reportLanguage: 'en-US',
      sets: [{ filters: { unit1: ['x'], age: ['<25'] }, surveyId: SURVEY }],
    });
    expect(a).toBe(b);
    expect(decodeURIComponent(a)).toBe(
      `/report/enps?reportLanguage=en-US&sets=[{"filters":{"age":["<25"],"unit1":["x"]},"surveyId":"${SURVEY}"}]`,
    );
    expect(restPath('/reportsettings/enps')).toBe('/reportsettings/enps');
  });
});
