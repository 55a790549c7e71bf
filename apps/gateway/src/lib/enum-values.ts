// Which spelling of renamed enum values a request reads (packages/schema/README.md, Deprecations):
// `Survey-Enum-Values: ALL_CAPS` asks for the new ones; without it a client written before the
// rename keeps reading the earlier spelling until the deprecated values are removed.
import type { IncomingMessage } from 'node:http';

export type EnumSpelling = 'ALL_CAPS' | 'EARLIER';

export const ENUM_VALUES_HEADER = 'survey-enum-values';

export function enumSpellingOf(req: IncomingMessage): EnumSpelling {
  const asked = req.headers[ENUM_VALUES_HEADER];
  return typeof asked === 'string' && asked.trim().toUpperCase() === 'ALL_CAPS'
    ? 'ALL_CAPS'
    : 'EARLIER';
}
