// Translation rules (reporting.md sections 4 and 5): no translation into Northern Sami, the original's
// language code in upper case and its confidence as a rounded percentage.
import { htmlLang, LANGUAGE_NAMES, normalizeLanguage } from '../../../lib/i18n/languages';

/** Report languages translation refuses (the message names the language). */
export const UNSUPPORTED_TARGETS: readonly string[] = ['sme'];

export function translationSupported(language: string): boolean {
  return !UNSUPPORTED_TARGETS.includes(language.toLowerCase());
}

/** The language's name in the UI language (e.g. "Northern Sami"), else its own name. */
export function languageName(code: string, uiLanguage: string): string {
  const language = normalizeLanguage(code);
  try {
    const names = new Intl.DisplayNames([htmlLang(normalizeLanguage(uiLanguage))], {
      type: 'language',
    });
    const name = names.of(htmlLang(language));
    if (name && name !== htmlLang(language)) return name;
  } catch {
    // A browser without Intl.DisplayNames: the language's own name below.
  }
  return LANGUAGE_NAMES[language];
}

/** "fi" -> "FI". */
export const languageCode = (code: string) => code.toUpperCase();

/** 0.934 -> 93. */
export const confidencePercent = (confidence: number) => Math.round(confidence * 100);
