// The report's look shared by the browser's charts and PDFs and the server's PDF: the product's
// colours, the spread bands' colours, the product name and how values read (rounded for display).
export const CHART_COLORS = {
  orange: '#e8730c',
  blue: '#1f6fb2',
  grey: '#8c8c8c',
  lightGrey: '#d9d9d9',
  green: '#2f9e44',
  red: '#c92a2a',
} as const;

/** The spread bands' colours, best band first. */
export const SPREAD_COLORS = [
  CHART_COLORS.blue,
  '#6fa3d3',
  CHART_COLORS.lightGrey,
  '#f3b27a',
  CHART_COLORS.orange,
] as const;

export const PDF_COLORS = {
  orange: CHART_COLORS.orange,
  blue: CHART_COLORS.blue,
  grey: CHART_COLORS.grey,
  lightGrey: CHART_COLORS.lightGrey,
  text: '#2b2b2b',
  paleOrange: '#fdf0e4',
  paleBlue: '#e8f1f9',
  paleGrey: '#f3f3f3',
} as const;

export const PRODUCT_NAME = 'Survey Console';

export const NO_VALUE = '–';

/** 73.456 -> "73"; null -> "–". */
export function formatIndex(value: number | null | undefined): string {
  return value === null || value === undefined ? NO_VALUE : String(Math.round(value));
}

/** 12.345 -> "12 %"; null -> "–". */
export function formatShare(value: number | null | undefined): string {
  return value === null || value === undefined ? NO_VALUE : `${Math.round(value)} %`;
}

/** eNPS with its sign: 12.4 -> "+12", -3 -> "-3", null -> "–". */
export function formatEnps(value: number | null | undefined): string {
  if (value === null || value === undefined) return NO_VALUE;
  const rounded = Math.round(value);
  return rounded > 0 ? `+${rounded}` : String(rounded);
}
