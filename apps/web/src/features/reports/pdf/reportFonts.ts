// Which font a report PDF is set in: the families and the choice per script live with the shared
// slide code (packages/report-slides), so the server's PDF picks the same font as the browser's.
import { fontFamilyOf, type ReportFontFamily } from '@survey/report-slides';
import { normalizeLanguage } from '../../../lib/i18n/languages';

export { REPORT_FONT_FAMILIES, type ReportFontFamily } from '@survey/report-slides';

/** The font family for a report language (any code the console knows; unknown codes get Noto Sans). */
export function reportFontFamily(language: string): ReportFontFamily {
  return fontFamilyOf(normalizeLanguage(language));
}
