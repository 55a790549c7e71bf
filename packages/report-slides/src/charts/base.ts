// The one look of every report chart, shared by the browser's charts (apps/web) and the server's
// package charts (apps/gateway): the product's orange, blue and grey, no credits or menus, no
// animation. Chart kinds merge their own options over these.
import type { Options } from 'highcharts';
import { CHART_COLORS } from '../theme.js';

/** Series colours in order: the first set orange, the second blue, then grey. */
export const SERIES_COLORS = [CHART_COLORS.orange, CHART_COLORS.blue, CHART_COLORS.grey];

/** Colours beyond the theme's three for breakdowns with more groups: lighter and darker shades. */
export const GROUP_COLORS = [
  ...SERIES_COLORS,
  '#f3b27a',
  '#6fa3d3',
  '#4d4d4d',
  '#b35300',
  '#0d4a7d',
  '#bfbfbf',
];

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

/** A chart's texts: a key of the report namespace (`console.charts.rangeAxis`) in the language. */
export type ChartTexts = (key: string, options?: Record<string, unknown>) => string;

/** Names longer than `max` characters are cut to `max` plus an ellipsis (spec: 50). */
export function truncateName(name: string, max = 50): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}
