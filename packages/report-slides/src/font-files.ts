// Where each report font family's TTF files are in their npm packages, for a server that reads
// them from disk (the web app bundles the same files through its own URL imports). Kept apart from
// fonts.ts so a web route that picks a family does not carry these paths.
import type { ReportFontFamily } from './fonts.js';

/** Where each family's TTF files are in their npm packages (regular and bold; CJK bold = regular). */
export const REPORT_FONT_FILES: Record<ReportFontFamily, { normal: string; bold: string }> = {
  NotoSans: expo('noto-sans', 'NotoSans'),
  NotoSansThai: expo('noto-sans-thai', 'NotoSansThai'),
  NotoSansTamil: expo('noto-sans-tamil', 'NotoSansTamil'),
  NotoSansTelugu: expo('noto-sans-telugu', 'NotoSansTelugu'),
  NotoSansKannada: expo('noto-sans-kannada', 'NotoSansKannada'),
  NotoSansBengali: expo('noto-sans-bengali', 'NotoSansBengali'),
  NotoSansDevanagari: expo('noto-sans-devanagari', 'NotoSansDevanagari'),
  NotoSansSC: expo('noto-sans-sc', 'NotoSansSC', false),
  NotoSansKR: expo('noto-sans-kr', 'NotoSansKR', false),
  NotoSansJP: expo('noto-sans-jp', 'NotoSansJP', false),
};

function expo(pkg: string, name: string, bold = true): { normal: string; bold: string } {
  const normal = `@expo-google-fonts/${pkg}/400Regular/${name}_400Regular.ttf`;
  return { normal, bold: bold ? `@expo-google-fonts/${pkg}/700Bold/${name}_700Bold.ttf` : normal };
}
