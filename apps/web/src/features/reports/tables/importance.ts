// Which part of the top-30 importance ranking the page shows (spec: All, Top 10, Top 11-20, Top 21-30).
export const IMPORTANCE_VIEWS = ['ALL', 'TOP_10', 'TOP_11_20', 'TOP_21_30'] as const;
export type ImportanceView = (typeof IMPORTANCE_VIEWS)[number];

/** Places (1-based, both included) each view covers; the list is in tens, up to 30. */
const PLACES: Record<ImportanceView, [number, number]> = {
  ALL: [1, 30],
  TOP_10: [1, 10],
  TOP_11_20: [11, 20],
  TOP_21_30: [21, 30],
};

export function isImportanceView(value: string | null): value is ImportanceView {
  return IMPORTANCE_VIEWS.some((view) => view === value);
}

/** The ranked criteria whose place falls in the view. */
export function sliceImportance<T extends { rank: number }>(
  criteria: readonly T[],
  view: ImportanceView,
): T[] {
  const [first, last] = PLACES[view];
  return criteria.filter((criterion) => criterion.rank >= first && criterion.rank <= last);
}
