// The bundled Noto families (see fonts.css): their @font-face rules, then the stacks per language.
import '@fontsource-variable/noto-sans';
import '@fontsource-variable/noto-sans-thai';
import '@fontsource-variable/noto-sans-devanagari';
import '@fontsource-variable/noto-sans-bengali';
import '@fontsource-variable/noto-sans-tamil';
import '@fontsource-variable/noto-sans-telugu';
import '@fontsource-variable/noto-sans-kannada';
import '@fontsource-variable/noto-sans-sc';
import '@fontsource-variable/noto-sans-jp';
import '@fontsource-variable/noto-sans-kr';
import './fonts.css';

/** The font stack of the page's language (set per <html lang> in fonts.css). */
export const FONT_FAMILY = 'var(--survey-font-family)';
