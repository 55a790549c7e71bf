// The font files' URLs: Vite copies each TTF from its npm package into the build under a hashed
// name. Only the URL strings live here; a file is fetched when a PDF in its script is made.
import type { ReportFontFamily } from './reportFonts';
import notoSansRegular from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url';
import notoSansBold from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url';
import notoSansThaiRegular from '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf?url';
import notoSansThaiBold from '@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf?url';
import notoSansTamilRegular from '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf?url';
import notoSansTamilBold from '@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf?url';
import notoSansTeluguRegular from '@expo-google-fonts/noto-sans-telugu/400Regular/NotoSansTelugu_400Regular.ttf?url';
import notoSansTeluguBold from '@expo-google-fonts/noto-sans-telugu/700Bold/NotoSansTelugu_700Bold.ttf?url';
import notoSansKannadaRegular from '@expo-google-fonts/noto-sans-kannada/400Regular/NotoSansKannada_400Regular.ttf?url';
import notoSansKannadaBold from '@expo-google-fonts/noto-sans-kannada/700Bold/NotoSansKannada_700Bold.ttf?url';
import notoSansBengaliRegular from '@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf?url';
import notoSansBengaliBold from '@expo-google-fonts/noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf?url';
import notoSansDevanagariRegular from '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf?url';
import notoSansDevanagariBold from '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf?url';
import notoSansSCRegular from '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf?url';
import notoSansKRRegular from '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf?url';
import notoSansJPRegular from '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf?url';

/**
 * Regular and bold file of each family. The CJK files are 5-11 MB a weight, so their bold is the
 * regular file (headings are larger, not heavier) to halve the download.
 */
export const REPORT_FONT_URLS: Record<ReportFontFamily, { normal: string; bold: string }> = {
  NotoSans: { normal: notoSansRegular, bold: notoSansBold },
  NotoSansThai: { normal: notoSansThaiRegular, bold: notoSansThaiBold },
  NotoSansTamil: { normal: notoSansTamilRegular, bold: notoSansTamilBold },
  NotoSansTelugu: { normal: notoSansTeluguRegular, bold: notoSansTeluguBold },
  NotoSansKannada: { normal: notoSansKannadaRegular, bold: notoSansKannadaBold },
  NotoSansBengali: { normal: notoSansBengaliRegular, bold: notoSansBengaliBold },
  NotoSansDevanagari: { normal: notoSansDevanagariRegular, bold: notoSansDevanagariBold },
  NotoSansSC: { normal: notoSansSCRegular, bold: notoSansSCRegular },
  NotoSansKR: { normal: notoSansKRRegular, bold: notoSansKRRegular },
  NotoSansJP: { normal: notoSansJPRegular, bold: notoSansJPRegular },
};
