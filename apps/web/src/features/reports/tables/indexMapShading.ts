// Index map cell shading (spec): white at the table's smallest value, the product orange at 100,
// linear in between; an empty cell has no shade.
import { CHART_COLORS } from '../charts/theme';

const WHITE = [255, 255, 255] as const;

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const ORANGE = rgbOf(CHART_COLORS.orange);

/** The smallest value shown in the table (null cells and suppressed rows left out). */
export function minimumValue(
  rows: readonly { values?: readonly (number | null)[] | null; lIndex?: number | null }[],
): number | null {
  let min: number | null = null;
  for (const row of rows) {
    for (const value of [...(row.values ?? []), row.lIndex ?? null]) {
      if (value !== null && (min === null || value < min)) min = value;
    }
  }
  return min;
}

/** How far a value lies from the minimum (0) to 100 (1), clamped. */
export function shadeFraction(value: number, min: number): number {
  if (min >= 100) return 1;
  return Math.min(1, Math.max(0, (value - min) / (100 - min)));
}

/** The cell's background as `#rrggbb` (CSS and the PDF); undefined for an empty cell or table. */
export function shadeColor(
  value: number | null | undefined,
  min: number | null,
): string | undefined {
  if (value === null || value === undefined || min === null) return undefined;
  const f = shadeFraction(value, min);
  const channel = (i: 0 | 1 | 2) =>
    Math.round(WHITE[i] + (ORANGE[i] - WHITE[i]) * f)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}
