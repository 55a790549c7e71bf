// How report values read on screen: indices and percents rounded for display only (the engine
// returns them unrounded), and a dash where a value is missing.
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

/** Names longer than `max` characters are cut to `max` plus an ellipsis (spec: 50). */
export function truncateName(name: string, max = 50): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}
