// The 36 UI languages, how a stored or requested code maps onto them, and their names.

export const FALLBACK_LANGUAGE = 'en-US';

export const UI_LANGUAGES = [
  'bg',
  'cz',
  'de',
  'en-US',
  'es',
  'et',
  'fi-FI',
  'fr',
  'hr',
  'hu',
  'it',
  'ko',
  'lt',
  'lv',
  'nl',
  'no',
  'pl',
  'ro',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'th',
  'tr',
  'uk',
  'zh',
  'hi',
  'ta',
  'te',
  'mr',
  'kn',
  'bn',
  'vi',
  'sme',
  'ja',
] as const;

export type UiLanguage = (typeof UI_LANGUAGES)[number];

/**
 * The languages a native speaker has reviewed; every other one is machine quality until one does.
 * The one source of the review state: the language menu marks the others for Admins, and
 * docs/languages.md lists the same (languages.test.ts holds the two together).
 */
export const REVIEWED_LANGUAGES: readonly UiLanguage[] = ['en-US', 'fi-FI', 'sv'];

export const isReviewed = (language: UiLanguage): boolean => REVIEWED_LANGUAGES.includes(language);

/** The languages the sign-in page offers. */
export const LOGIN_LANGUAGES: readonly UiLanguage[] = ['fi-FI', 'sv', 'en-US'];

/** Each language's name in itself (endonym): the same in every UI language, so not a translation. */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = {
  bg: 'Български',
  cz: 'Čeština',
  de: 'Deutsch',
  'en-US': 'English',
  es: 'Español',
  et: 'Eesti',
  'fi-FI': 'Suomi',
  fr: 'Français',
  hr: 'Hrvatski',
  hu: 'Magyar',
  it: 'Italiano',
  ko: '한국어',
  lt: 'Lietuvių',
  lv: 'Latviešu',
  nl: 'Nederlands',
  no: 'Norsk',
  pl: 'Polski',
  ro: 'Română',
  ru: 'Русский',
  sk: 'Slovenčina',
  sl: 'Slovenščina',
  sr: 'Srpski',
  sv: 'Svenska',
  th: 'ไทย',
  tr: 'Türkçe',
  uk: 'Українська',
  zh: '中文',
  hi: 'हिन्दी',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  mr: 'मराठी',
  kn: 'ಕನ್ನಡ',
  bn: 'বাংলা',
  vi: 'Tiếng Việt',
  sme: 'Davvisámegiella',
  ja: '日本語',
};

// Codes that differ from what other systems send: the console's own 'cz' and 'sme' and short forms.
const ALIASES: Record<string, UiLanguage> = {
  fi: 'fi-FI',
  en: 'en-US',
  cs: 'cz',
  se: 'sme',
  nb: 'no',
  nn: 'no',
};

/** Maps any language code onto a UI language: exact, case-insensitive, alias, base language; else en-US. */
export function normalizeLanguage(code: string | null | undefined): UiLanguage {
  if (!code) return FALLBACK_LANGUAGE;
  const lower = code.trim().toLowerCase();
  const exact = UI_LANGUAGES.find((language) => language.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split(/[-_]/)[0] ?? '';
  return (
    ALIASES[base] ??
    UI_LANGUAGES.find((language) => language.toLowerCase() === base) ??
    FALLBACK_LANGUAGE
  );
}

/** The BCP 47 tag for the html lang attribute (screen readers need real tags, not 'cz' or 'sme'). */
export function htmlLang(language: UiLanguage): string {
  if (language === 'cz') return 'cs';
  if (language === 'sme') return 'se';
  return language;
}
