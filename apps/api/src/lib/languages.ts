/** UI languages of the console (administration.md section 9); report content uses the same list. */
// prettier-ignore
export const LANGUAGES = [
  'bg', 'cz', 'de', 'en-US', 'es', 'et', 'fi-FI', 'fr', 'hr', 'hu', 'it', 'ko', 'lt', 'lv', 'nl',
  'no', 'pl', 'ro', 'ru', 'sk', 'sl', 'sr', 'sv', 'th', 'tr', 'uk', 'zh', 'hi', 'ta', 'te', 'mr',
  'kn', 'bn', 'vi', 'sme', 'ja',
] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en-US';
export const DEFAULT_REPORT_LANGUAGE: Language = 'fi-FI';

export const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);
