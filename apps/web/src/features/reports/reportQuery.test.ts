import { describe, expect, it } from 'vitest';
import {
  EMPTY_REPORT_FILTERS,
  parseReportQuery,
  toReportSearch,
  toReportSets,
} from './reportQuery';

describe('report filters in the query string', () => {
  it('survive a round trip through the URL', () => {
    const filters = {
      ...EMPTY_REPORT_FILTERS,
      companyId: 'c1',
      surveyIds: ['s1', 's2'],
      units: ['u1', 'u2'],
      groupBy: 'AGE' as const,
      language: 'sv',
    };
    expect(parseReportQuery(toReportSearch(filters))).toEqual(filters);
  });

  it('keeps at most two compared surveys and ignores an unknown grouping', () => {
    const filters = parseReportQuery(
      new URLSearchParams('surveyId=a&surveyId=b&surveyId=c&groupBy=SHOE_SIZE'),
    );
    expect(filters.surveyIds).toEqual(['a', 'b']);
    expect(filters.groupBy).toBeNull();
  });

  it('drops the custom range when the finish time is not a custom range', () => {
    const filters = parseReportQuery(
      new URLSearchParams(
        'wholeData=1&surveyFinishTime=1&rangeStart=2026-01-01&rangeEnd=2026-02-01',
      ),
    );
    expect(filters).toMatchObject({ surveyFinishTime: 1, rangeStart: null, rangeEnd: null });
  });

  it('makes one set per compared survey, each narrowed by the units', () => {
    const filters = { ...EMPTY_REPORT_FILTERS, surveyIds: ['s1', 's2'], units: ['u1'] };
    expect(toReportSets(filters)).toEqual([
      { surveyId: 's1', units: ['u1'] },
      { surveyId: 's2', units: ['u1'] },
    ]);
  });

  it('makes the all-data set with industry, size and a custom finish-time range', () => {
    const filters = parseReportQuery(
      new URLSearchParams(
        'wholeData=1&surveyId=s1&industryId=3&sizeId=2&surveyFinishTime=3&rangeStart=2026-01-01&rangeEnd=2026-06-30',
      ),
    );
    expect(toReportSets(filters)).toEqual([
      {
        units: undefined,
        allData: {
          industryId: '3',
          sizeId: '2',
          finishTime: 'RANGE',
          from: '2026-01-01',
          to: '2026-06-30',
        },
      },
    ]);
  });
});
