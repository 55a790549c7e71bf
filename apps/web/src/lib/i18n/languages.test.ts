import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY, changeLanguage, initialLanguage } from './i18n';
import { UI_LANGUAGES, htmlLang, normalizeLanguage } from './languages';

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

  it('falls back to en-US key by key where a language lacks a text', async () => {
    await changeLanguage('de');
    expect(i18next.t('login.title')).toBe('Anmelden');
    expect(i18next.t('otp.title')).toBe('Two-step verification');
  });
});
