// Which font a report PDF is set in: one Noto family per script, chosen by the report language, so
// every language's letters print (pdfmake embeds TTF files and has no per-glyph fallback). Latin,
// Latin Extended, Cyrillic and Vietnamese share Noto Sans; each other script has its own family,
// which also carries Latin letters and digits for names and numbers.
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

const SCRIPT_FAMILIES: Partial<Record<string, ReportFontFamily>> = {
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

/** The family for a console language code (as the console normalises it: `ja`, `fi-FI`). */
export function fontFamilyOf(uiLanguage: string): ReportFontFamily {
  return SCRIPT_FAMILIES[uiLanguage] ?? 'NotoSans';
}
