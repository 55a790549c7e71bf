// Which font a report PDF is set in: one Noto family per script, chosen by the report language, so
// every language's letters print (pdfmake embeds TTF files and has no per-glyph fallback). Latin,
// Latin Extended, Cyrillic and Vietnamese share Noto Sans; each other script has its own family,
// which also carries Latin letters and digits for names and numbers.
import { normalizeLanguage, type UiLanguage } from '../../../lib/i18n/languages';

export const REPORT_FONT_FAMILIES = [
  'NotoSans',
  'NotoSansThai',
  'NotoSansTamil',
  'NotoSansTelugu',
  'NotoSansKannada',
  'NotoSansBengali',
  'NotoSansDevanagari',
  'NotoSansSC',
  'NotoSansKR',
  'NotoSansJP',
] as const;

export type ReportFontFamily = (typeof REPORT_FONT_FAMILIES)[number];

const SCRIPT_FAMILIES: Partial<Record<UiLanguage, ReportFontFamily>> = {
  th: 'NotoSansThai',
  ta: 'NotoSansTamil',
  te: 'NotoSansTelugu',
  kn: 'NotoSansKannada',
  bn: 'NotoSansBengali',
  hi: 'NotoSansDevanagari',
  mr: 'NotoSansDevanagari',
  zh: 'NotoSansSC',
  ko: 'NotoSansKR',
  ja: 'NotoSansJP',
};

/** The font family for a report language (any code the console knows; unknown codes get Noto Sans). */
export function reportFontFamily(language: string): ReportFontFamily {
  return SCRIPT_FAMILIES[normalizeLanguage(language)] ?? 'NotoSans';
}
