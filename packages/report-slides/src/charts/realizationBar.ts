// Realization of criteria as horizontal bars, one series per compared set or group: axis ticks every
// 20 up to 100 with a threshold line at 80, named in the legend, bar values rounded. A null value (a
// suppressed group, or no ratings) leaves a gap, never a zero bar. On a phone the criterion names
// get at most 40 % of the width, so the bars keep room for their length and values.
import type { Options, SeriesBarOptions, SeriesLineOptions } from 'highcharts';
import { CHART_COLORS, formatIndex } from '../theme.js';

export interface RealizationSeries {
  name: string;
  values: (number | null)[];
}

/** Spec section 9: ticks 20, 40, 60, 80, 100 and a threshold line at 80. */
export const REALIZATION_TICKS = [20, 40, 60, 80, 100] as const;
export const REALIZATION_THRESHOLD = 80;
/** Below this width the criterion names are narrowed and the fonts smaller (a phone). */
export const NARROW_CHART_WIDTH = 600;

/** The texts the chart shows: the legend of the line at 80 and the value axis' title. */
export interface RealizationTexts {
  threshold: string;
  axis: string;
}

/** A legend entry for a plot line: an empty line series in the line's colour that cannot hide it. */
export function thresholdLegend(name: string): SeriesLineOptions {
  return {
    type: 'line',
    name,
    color: CHART_COLORS.red,
    lineWidth: 2,
    data: [],
    marker: { enabled: false },
    enableMouseTracking: false,
    events: { legendItemClick: () => false },
    accessibility: { exposeAsGroupOnly: true },
  };
}

/** Phone widths: names take at most 40 % of the chart, smaller type, values still at the bars. */
export const narrowBarRules: NonNullable<Options['responsive']>['rules'] = [
  {
    condition: { maxWidth: NARROW_CHART_WIDTH },
    chartOptions: {
      xAxis: {
        labels: { style: { fontSize: '11px', width: 140, textOverflow: 'ellipsis' } },
      },
      yAxis: { labels: { style: { fontSize: '10px' } } },
      plotOptions: { bar: { dataLabels: { style: { fontSize: '10px' } } } },
    },
  },
];

export function realizationBarOptions(
  categories: string[],
  series: RealizationSeries[],
  size: { height?: number; width?: number } = {},
  texts?: RealizationTexts,
): Options {
  const bars: SeriesBarOptions[] = series.map((entry) => ({
    type: 'bar',
    name: entry.name,
    data: entry.values.map((value) => (value === null ? null : value)),
  }));
  return {
    chart: {
      type: 'bar',
      height: size.height ?? Math.max(300, 40 * categories.length),
      width: size.width,
      // Room for the last tick ("100") and the values of the longest bars.
      spacingRight: 20,
    },
    xAxis: { categories, labels: { style: { textOverflow: 'ellipsis' } } },
    yAxis: {
      min: 0,
      max: 100,
      tickPositions: [0, ...REALIZATION_TICKS],
      title: { text: texts?.axis },
      // "100" stays on a narrow chart too (Highcharts drops an end label that touches the edge).
      showLastLabel: true,
      labels: { overflow: 'allow' },
      plotLines: [{ value: REALIZATION_THRESHOLD, color: CHART_COLORS.red, width: 2, zIndex: 5 }],
    },
    tooltip: { valueDecimals: 0 },
    plotOptions: {
      bar: {
        dataLabels: {
          enabled: true,
          formatter() {
            return formatIndex(this.y);
          },
        },
      },
    },
    // The legend names the red line at 80 (and the sets, when there are two).
    legend: { enabled: series.length > 1 || texts !== undefined },
    series: texts ? [...bars, thresholdLegend(texts.threshold)] : bars,
    responsive: { rules: narrowBarRules },
  };
}
