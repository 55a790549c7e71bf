// Every report language (reporting.md section 9) names the 31 criteria and the background questions
// and answers itself, in locales/<lang>/report.json, instead of falling back to English.
import { hasText, translator } from './i18n.js';
import { LANGUAGES } from './languages.js';
import { BACKGROUND, BACKGROUND_KEYS, CRITERIA } from './questionnaire.js';

const CRITERION_IDS = [...CRITERIA, 99];

describe('report texts', () => {
  it('covers the 36 report languages', () => {
    expect(LANGUAGES).toHaveLength(36);
  });

  it.each(LANGUAGES)('names all 31 criteria in %s, each differently', (language) => {
    const missing = CRITERION_IDS.filter((id) => !hasText(language, `criteria.${id}`, 'report'));
    expect(missing).toEqual([]);
    const t = translator(language, 'report');
    const names = CRITERION_IDS.map((id) => t(`criteria.${id}`).trim());
    expect(new Set(names).size).toBe(31);
    expect(names.every((name) => name.length > 0)).toBe(true);
  });

  it.each(LANGUAGES)('names the background questions and answers in %s', (language) => {
    const keys = BACKGROUND_KEYS.flatMap((key) => [
      `background.${key}.name`,
      ...BACKGROUND[key].values.map((value) => `background.${key}.${value}`),
    ]);
    expect(keys.filter((key) => !hasText(language, key, 'report'))).toEqual([]);
  });

  it('writes the criteria in the language itself, not in English', () => {
    const english = translator('en-US', 'report')('criteria.2');
    const others = LANGUAGES.filter((l) => l !== 'en-US');
    const same = others.filter((l) => translator(l, 'report')('criteria.2') === english);
    expect(same).toEqual([]);
    expect(translator('ja', 'report')('criteria.29')).toBe('心理的安全性');
  });
});
