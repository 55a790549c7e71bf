// Which spelling of renamed enum values a request reads (packages/schema/README.md, Deprecations):
// `Survey-Enum-Values: ALL_CAPS` asks for the new ones; without it a client written before the
// rename keeps reading the earlier spelling until the deprecated values are removed. Any other
// value is refused (400, BAD_REQUEST, reason `bad_enum_values_header`): a typo must not silently
// give the earlier spelling.
import type { IncomingMessage } from 'node:http';
import { gatewayError } from './errors.js';

export type EnumSpelling = 'ALL_CAPS' | 'EARLIER';

export const ENUM_VALUES_HEADER = 'survey-enum-values';

export function enumSpellingOf(req: IncomingMessage): EnumSpelling {
  const asked = req.headers[ENUM_VALUES_HEADER];
  if (asked === undefined) return 'EARLIER';
  // A header sent twice arrives joined with commas (`ALL_CAPS, ALL_CAPS`).
  const values = String(asked).split(',');
  if (values.every((value) => value.trim().toUpperCase() === 'ALL_CAPS')) return 'ALL_CAPS';
  throw gatewayError('BAD_REQUEST', { reason: 'bad_enum_values_header', httpStatus: 400 });
}
