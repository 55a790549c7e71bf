// The one look of every report chart: the product's orange, blue and grey, the console's font, no
// credits or menus. Chart modules merge their own options over these.
import type { Options } from 'highcharts';

export const CHART_COLORS = {
  orange: '#e8730c',
  blue: '#1f6fb2',
  grey: '#8c8c8c',
  lightGrey: '#d9d9d9',
  green: '#2f9e44',
  red: '#c92a2a',
} as const;

/** Series colours in order: the first set orange, the second blue, then grey. */
export const SERIES_COLORS = [CHART_COLORS.orange, CHART_COLORS.blue, CHART_COLORS.grey];

export const baseChartOptions: Options = {
  colors: SERIES_COLORS,
  chart: {
    style: { fontFamily: 'inherit' },
    backgroundColor: '#ffffff',
    animation: false,
  },
  title: { text: undefined },
  credits: { enabled: false },
  exporting: { enabled: false },
  legend: { itemStyle: { fontWeight: 'normal' } },
  plotOptions: { series: { animation: false } },
  accessibility: { enabled: true },
};
