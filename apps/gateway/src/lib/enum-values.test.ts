import type { IncomingMessage } from 'node:http';
import { GraphQLError } from 'graphql';
import { enumSpellingOf } from './enum-values.js';

const request = (value?: string) =>
  ({ headers: value === undefined ? {} : { 'survey-enum-values': value } }) as IncomingMessage;

describe('enumSpellingOf', () => {
  it('reads ALL_CAPS in any letter case, also when the header came twice', () => {
    for (const value of ['ALL_CAPS', ' all_caps ', 'ALL_CAPS, ALL_CAPS']) {
      expect(enumSpellingOf(request(value))).toBe('ALL_CAPS');
    }
  });

  it('gives a client without the header the earlier spelling', () => {
    expect(enumSpellingOf(request())).toBe('EARLIER');
  });

  it('refuses any other value as BAD_REQUEST with its reason', () => {
    for (const value of ['ALL-CAPS', '', 'ALL_CAPS, EARLIER']) {
      expect(() => enumSpellingOf(request(value))).toThrow(GraphQLError);
      try {
        enumSpellingOf(request(value));
      } catch (error) {
        expect((error as GraphQLError).extensions).toMatchObject({
          code: 'BAD_REQUEST',
          reason: 'bad_enum_values_header',
        });
      }
    }
  });
});
