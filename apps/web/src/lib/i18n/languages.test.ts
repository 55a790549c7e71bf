import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import doc from '../../../../../docs/languages.md?raw';
import { STORAGE_KEY, changeLanguage, initialLanguage } from './i18n';
import { REVIEWED_LANGUAGES, UI_LANGUAGES, htmlLang, normalizeLanguage } from './languages';

describe('language codes', () => {
  it('offers the 36 UI languages', () => {
    expect(UI_LANGUAGES).toHaveLength(36);
  });

  it('maps fi to fi-FI and en to en-US', () => {
    expect(normalizeLanguage('fi')).toBe('fi-FI');
    expect(normalizeLanguage('en')).toBe('en-US');
  });

  it('matches case-insensitively and by base language', () => {
    expect(normalizeLanguage('FI-fi')).toBe('fi-FI');
    expect(normalizeLanguage('sv-SE')).toBe('sv');
    expect(normalizeLanguage('en-GB')).toBe('en-US');
    expect(normalizeLanguage('cs')).toBe('cz');
  });

  it('falls back to en-US for unknown or missing codes', () => {
    expect(normalizeLanguage('xx')).toBe('en-US');
    expect(normalizeLanguage('')).toBe('en-US');
    expect(normalizeLanguage(null)).toBe('en-US');
  });

  it('gives screen readers real language tags', () => {
    expect(htmlLang('cz')).toBe('cs');
    expect(htmlLang('sme')).toBe('se');
    expect(htmlLang('fi-FI')).toBe('fi-FI');
  });
});

describe('the chosen language', () => {
  afterEach(() => i18next.changeLanguage('en-US'));

  it('is stored in localStorage and read back on the next start', async () => {
    await changeLanguage('fi');
    expect(localStorage.getItem(STORAGE_KEY)).toBe('fi-FI');
    expect(initialLanguage()).toBe('fi-FI');
  });

  it('starts in en-US when nothing usable is stored', () => {
    localStorage.setItem(STORAGE_KEY, 'klingon');
    expect(initialLanguage()).toBe('en-US');
    localStorage.removeItem(STORAGE_KEY);
    expect(initialLanguage()).toBe('en-US');
  });

  it('sets the html lang attribute', async () => {
    await changeLanguage('cz');
    expect(document.documentElement.lang).toBe('cs');
  });

  it('picks plural forms by the real tag: Czech (cz, Intl cs) has few and many', async () => {
    const files = { one: 'soubor', few: 'soubory', many: 'souboru', other: 'souborů' };
    const texts = Object.fromEntries(
      Object.entries(files).map(([form, word]) => [`files_${form}`, `{{count}} ${word}`]),
    );
    i18next.addResourceBundle('cz', 'admin', { pluralTest: texts }, true, true);
    await changeLanguage('cz');
    const t = i18next.t as unknown as (key: string, options: { count: number }) => string;
    expect([1, 3, 5].map((count) => t('pluralTest.files', { count }))).toEqual([
      '1 soubor',
      '3 soubory',
      '5 souborů',
    ]);
  });

  it('falls back to en-US key by key where a language lacks a text', async () => {
    await changeLanguage('de');
    // German is complete, so take one of its texts away for the length of the test.
    const german = i18next.getResourceBundle('de', 'common') as { otp: { title?: string } };
    const title = german.otp.title;
    delete german.otp.title;
    try {
      expect(i18next.t('login.title')).toBe('Anmelden');
      expect(i18next.t('otp.title')).toBe('Two-step verification');
    } finally {
      german.otp.title = title;
    }
  });
});

describe('review state', () => {
  const rows = [
    ...doc.matchAll(/^\| `([\w-]+)` +\|.*\| (reviewed|machine quality|incomplete) +\|$/gm),
  ];

  it('lists every UI language once in docs/languages.md', () => {
    expect(rows.map((row) => row[1]).sort()).toEqual([...UI_LANGUAGES].sort());
  });

  it('marks the same languages reviewed as REVIEWED_LANGUAGES', () => {
    const reviewed = rows.filter((row) => row[2] === 'reviewed').map((row) => row[1]);
    expect(reviewed.sort()).toEqual([...REVIEWED_LANGUAGES].sort());
  });
});
