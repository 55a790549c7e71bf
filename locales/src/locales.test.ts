// Every language against en-US: no key missing, none en-US lacks, the same placeholders and tags,
// every plural form the language's rules need, and no text left in English. `npm run missing
// -w @survey/locales` lists what is missing per language and file.
import {
  extraKeys,
  identicalToEnglish,
  missingKeys,
  missingPluralForms,
  overFiles,
  placeholderMismatches,
  type Check,
  type Finding,
} from './check.js';
import { INCOMPLETE_LANGUAGES } from './incomplete.js';
import { pluralCategories } from './plurals.js';
import { languageFolders } from './tree.js';

const LANGUAGES = languageFolders();
const COMPLETE = LANGUAGES.filter((language) => !INCOMPLETE_LANGUAGES.includes(language));

/** '' when nothing was found, else the count and the first findings, readable in a failure. */
function summary(findings: Finding[]): string {
  if (findings.length === 0) return '';
  const shown = findings
    .slice(0, 8)
    .map((f) => `${f.namespace}:${f.key}${f.detail ? ` (${f.detail})` : ''}`);
  return [`${findings.length} found`, ...shown, findings.length > 8 ? '…' : ''].join('\n');
}

const run = (check: Check) => (language: string) =>
  expect(summary(overFiles(check, language))).toBe('');

describe('locales', () => {
  it('has the 36 languages of the console', () => {
    expect(LANGUAGES).toHaveLength(36);
    expect(LANGUAGES).toEqual(expect.arrayContaining(['en-US', 'fi-FI', 'sv', 'cz', 'sme']));
  });

  it.each(LANGUAGES)('has plural rules for %s', (language) => {
    expect(pluralCategories(language)).toContain('other');
  });

  it.each(COMPLETE)('has every key of en-US in %s', run(missingKeys));
  it.each(COMPLETE)('has every plural form its rules need in %s', run(missingPluralForms));

  // A finished translation must leave the list, so the console stops calling it incomplete.
  it('lists as incomplete only languages of the console that still lack keys', () => {
    const stillLacking = INCOMPLETE_LANGUAGES.filter(
      (language) => LANGUAGES.includes(language) && overFiles(missingKeys, language).length > 0,
    );
    expect(stillLacking).toEqual([...INCOMPLETE_LANGUAGES]);
  });
  it.each(LANGUAGES)('has no key en-US lacks in %s', run(extraKeys));
  it.each(LANGUAGES)('keeps the placeholders and tags of en-US in %s', run(placeholderMismatches));
  it.each(LANGUAGES)('has no text left in English in %s', run(identicalToEnglish));
});
