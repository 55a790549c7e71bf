// What leaves for a provider is masked first: email addresses, phone numbers and the names of the
// company's participants ("first last", last, and a first name alone unless it is also a common
// word), each replaced by a bracketed tag.
import type { Db } from '../../../lib/db.js';
import { isCommonWord } from './common-words.js';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
// International or local numbers of 7+ digits with spaces, dots, dashes or brackets between.
const PHONE = /(?<![\p{L}\p{N}])\+?\d[\d\s().-]{5,}\d(?![\p{L}\p{N}])/gu;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type Masker = (text: string) => string;

/** A masker for the given names (words of 2+ letters, matched whole and case-insensitively). */
export function masker(names: readonly string[]): Masker {
  const words = [...new Set(names.map((name) => name.trim()).filter((name) => name.length >= 2))]
    // Longest first, so "Anna Virtanen" is one tag, not two.
    .sort((a, b) => b.length - a.length)
    .map(escape);
  const nameRegex =
    words.length > 0
      ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}\\p{N}])`, 'giu')
      : null;
  return (text) => {
    let out = text
      .replace(EMAIL, '[email]')
      .replace(PHONE, (match) => (match.replace(/\D/g, '').length >= 7 ? '[phone]' : match));
    if (nameRegex) out = out.replace(nameRegex, '[name]');
    return out;
  };
}

/**
 * The names to mask of these participants: "first last" always; the last name alone (3+ letters);
 * the first name alone (3+ letters) only when it is not also a common word (common-words.ts).
 */
export function namesToMask(
  participants: readonly { first_name: string; last_name: string }[],
): string[] {
  const names: string[] = [];
  for (const row of participants) {
    const first = row.first_name.trim();
    const last = row.last_name.trim();
    if (first && last) names.push(`${first} ${last}`);
    if (first.length >= 3 && !isCommonWord(first)) names.push(first);
    if (last.length >= 3) names.push(last);
  }
  return names;
}

/** Names of the participants of the company that owns `surveyId`, across its surveys. */
export async function companyMasker(db: Db, surveyId: string): Promise<Masker> {
  const rows = await db.query<{ first_name: string; last_name: string }>(
    `SELECT DISTINCT p.first_name, p.last_name
       FROM participants p JOIN surveys s ON s.id = p.survey_id
      WHERE s.company_id = (SELECT company_id FROM surveys WHERE id = $1)`,
    [surveyId],
  );
  return masker(namesToMask(rows));
}
