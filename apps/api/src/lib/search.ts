// Text search in list queries: a case-insensitive "contains", and dates typed as the console shows
// them (d.M.yyyy), as far as the user has typed (administration.md section 5, table filter).
import { z } from 'zod';

/** An ILIKE pattern for "contains `text`": `%`, `_` and `\` match themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const PARTIAL_DATE = /^(\d{1,2})\.(?:(\d{1,2})(?:\.(\d{0,4}))?)?$/;

/**
 * A LIKE pattern over a date written `FMDD.FMMM.YYYY` (`5.3.2024`) for a search term that reads as
 * a partial date: `5.` any 5th, `5.3` or `5.3.` the 5th of March, `5.3.20` a year starting with 20,
 * `05.03.2024` one day. Day and month match whole (so `5.1` is January, not October); only the year
 * may be a prefix. Anything else (no dot, letters, day 32) is not a date: null.
 */
export function partialDatePattern(term: string): string | null {
  const match = PARTIAL_DATE.exec(term.trim());
  if (!match) return null;
  const [, dayText = '', monthText, yearText] = match;
  const day = Number(dayText);
  const month = monthText === undefined ? undefined : Number(monthText);
  if (day < 1 || day > 31) return null;
  if (month !== undefined && (month < 1 || month > 12)) return null;
  if (month === undefined) return `${day}.%`;
  return `${day}.${month}.${yearText ?? ''}%`;
}

/** SQL for "the day of `column` (a timestamptz) in time zone `zone` matches `pattern`". */
export const dateMatches = (column: string, zone: string, pattern: string) =>
  `to_char(${column} AT TIME ZONE ${zone}, 'FMDD.FMMM.YYYY') LIKE ${pattern}`;

/** An IANA time zone name (`Europe/Helsinki`), as the browser reports it. */
export const timeZone = (message: string) =>
  z.string({ error: message }).refine((value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, message);
