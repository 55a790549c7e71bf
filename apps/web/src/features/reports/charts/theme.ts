// The one look of every report chart: the shared theme (packages/report-slides), which the server's
// package charts use too. Chart modules merge their own options over these.
import type { ChartTexts } from '@survey/report-slides';
import type { TFunction } from 'i18next';

export { baseChartOptions, CHART_COLORS, SERIES_COLORS } from '@survey/report-slides';

/** The report texts (typed keys) as the shared chart options read them (any key of the namespace). */
export function chartTexts(t: TFunction<'report'>): ChartTexts {
  return (key, options) => t(key as never, options);
}
