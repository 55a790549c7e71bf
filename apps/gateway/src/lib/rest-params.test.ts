// The one query-string encoding of REST calls (the delivery log filter, list searches and pages).
import { queryString } from './rest-params.js';

describe('queryString', () => {
  it('leaves out absent, empty and false values and encodes the rest', () => {
    expect(
      queryString({
        event: 'soft_bounce',
        startDate: '',
        endDate: null,
        timeZone: undefined,
        query: 'a&b c',
        hasReason: false,
        skip: 0,
        take: 50,
      }),
    ).toBe('event=soft_bounce&query=a%26b+c&skip=0&take=50');
    expect(queryString({ hasReason: true })).toBe('hasReason=true');
  });
});
