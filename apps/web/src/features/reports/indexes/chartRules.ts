// The rules of the chart report pages (spec section 2 and 9), as pure functions the pages and their
// tests share: chart sizes, how groups and spreads become chart series, and the eNPS delta.
import { truncateName } from '../format';
import type { SpreadStack } from '../charts/SpreadBarChart';
import type { RealizationSeries } from '../charts/RealizationBarChart';

/** Realizations top 10: 1085x300 with fewer than 10 criteria, else 1100x500. */
export function realizationChartSize(criteriaCount: number): { width: number; height: number } {
  return criteriaCount < 10 ? { width: 1085, height: 300 } : { width: 1100, height: 500 };
}

/** Pixels per group of the index-by-background-variable chart (spec: 50 x group count). */
export const GROUP_ROW_HEIGHT = 50;
/** Axes and legend need room even for one or two groups. */
export const MIN_GROUPED_CHART_HEIGHT = 200;

export function groupedChartHeight(groupCount: number): number {
  return Math.max(MIN_GROUPED_CHART_HEIGHT, GROUP_ROW_HEIGHT * groupCount);
}

/** Which comparison the satisfaction and L-index pages show. */
export type ComparisonKind = 'groups' | 'surveys';

export const comparisonKindOf = (groupBy: string | null): ComparisonKind =>
  groupBy ? 'groups' : 'surveys';

export interface NamedGroup {
  name: string;
  suppressed: boolean;
}

/** Splits groups into the ones a chart draws and the suppressed ones a note names. */
export function splitSuppressed<T extends NamedGroup>(
  groups: readonly T[],
): { shown: T[]; suppressed: T[] } {
  return {
    shown: groups.filter((group) => !group.suppressed),
    suppressed: groups.filter((group) => group.suppressed),
  };
}

/** Category names on the charts: cut to 50 characters plus an ellipsis. */
export const chartNames = (names: readonly string[]): string[] =>
  names.map((name) => truncateName(name));

interface Band {
  label: string;
  share: number;
}

/** The band labels in the order the engine returns them (90-100 first). */
function bandLabels(spreads: readonly (readonly Band[] | null | undefined)[]): string[] {
  return spreads.find((spread) => spread && spread.length > 0)?.map((band) => band.label) ?? [];
}

/**
 * One spread stack per dataset: for each band, the share of each category (criterion or group).
 * A missing spread (suppressed) gives null shares, never zeros.
 */
export function spreadStacks(
  datasets: readonly { name: string; spreads: readonly (readonly Band[] | null | undefined)[] }[],
): SpreadStack[] {
  const labels = bandLabels(datasets.flatMap((dataset) => dataset.spreads));
  return datasets.map((dataset) => ({
    name: dataset.name,
    bands: labels.map((label) => ({
      label,
      shares: dataset.spreads.map(
        (spread) => spread?.find((band) => band.label === label)?.share ?? null,
      ),
    })),
  }));
}

interface ComparedCriterion {
  criterion: { name: string };
  realizations: readonly { value?: number | null; spread?: readonly Band[] | null }[];
}

/** The datasets a realization chart draws: the first two, suppressed ones left out (noted instead). */
export function realizationChartData(
  datasets: readonly NamedGroup[],
  criteria: readonly ComparedCriterion[],
): { categories: string[]; series: RealizationSeries[]; stacks: SpreadStack[] } {
  const shown = datasets
    .slice(0, 2)
    .map((dataset, index) => ({ dataset, index }))
    .filter(({ dataset }) => !dataset.suppressed);
  const categories = chartNames(criteria.map((entry) => entry.criterion.name));
  const series = shown.map(({ dataset, index }) => ({
    name: dataset.name,
    values: criteria.map((entry) => entry.realizations[index]?.value ?? null),
  }));
  const stacks = spreadStacks(
    shown.map(({ dataset, index }) => ({
      name: dataset.name,
      spreads: criteria.map((entry) => entry.realizations[index]?.spread),
    })),
  );
  return { categories, series, stacks };
}

export type DeltaDirection = 'up' | 'down' | 'same';

/** How a set's rounded eNPS compares with the other set's; null when either is missing. */
export function enpsDelta(
  score: number | null | undefined,
  other: number | null | undefined,
): { direction: DeltaDirection; value: number } | null {
  if (score === null || score === undefined || other === null || other === undefined) return null;
  const value = Math.round(score) - Math.round(other);
  return { direction: value > 0 ? 'up' : value < 0 ? 'down' : 'same', value };
}
