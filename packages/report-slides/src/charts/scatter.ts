// Importance against realization of every criterion (the report package's scatter): x is the percent
// of participants who picked the criterion among their 10, y its realization, both 0-100 with a tick
// every 10 and the realization threshold line at 80. Criteria without a value are left out. On a
// slide thirty names cover each other: the ten most important are named and drawn in orange, the
// rest are grey dots.
import type { Options } from 'highcharts';
import { CHART_COLORS, formatIndex, formatShare } from '../theme.js';
import { truncateName } from './base.js';
import { REALIZATION_THRESHOLD } from './realizationBar.js';

export interface ScatterCriterion {
  name: string;
  importance: number | null;
  realization: number | null;
}

export interface ScatterTexts {
  criteria: ScatterCriterion[];
  /** Axis titles (in the report language). */
  importanceTitle: string;
  realizationTitle: string;
  label: string;
  width?: number;
  height?: number;
}

/** Spec section 9: scatter axes every 10 from 0 to 100. */
const TICKS = Array.from({ length: 11 }, (_, index) => index * 10);
/** Point labels stay short so neighbours do not cover each other. */
const POINT_LABEL_LENGTH = 26;
/** How many of the most important criteria are named. */
export const NAMED_POINTS = 10;

export function realizationScatterOptions(props: ScatterTexts): Options {
  const valued = props.criteria.flatMap(({ name, importance, realization }) =>
    importance === null || realization === null ? [] : [{ name, x: importance, y: realization }],
  );
  const named = new Set(
    [...valued]
      .sort((a, b) => b.x - a.x)
      .slice(0, NAMED_POINTS)
      .map((point) => point.name),
  );
  // The named ones last, so they are drawn (and their labels placed) over the grey dots.
  const points = [
    ...valued
      .filter((point) => !named.has(point.name))
      .map((point) => ({ ...point, color: CHART_COLORS.grey, dataLabels: { enabled: false } })),
    ...valued.filter((point) => named.has(point.name)),
  ];
  return {
    chart: { type: 'scatter', width: props.width, height: props.height ?? 460 },
    xAxis: {
      min: 0,
      max: 100,
      tickPositions: TICKS,
      gridLineWidth: 1,
      title: { text: props.importanceTitle },
      labels: { format: '{value} %' },
    },
    yAxis: {
      min: 0,
      max: 100,
      tickPositions: TICKS,
      title: { text: props.realizationTitle },
      plotLines: [{ value: REALIZATION_THRESHOLD, color: CHART_COLORS.red, width: 1, zIndex: 3 }],
    },
    legend: { enabled: false },
    tooltip: {
      formatter() {
        return `${this.name}<br/>${formatShare(this.x)} · ${formatIndex(this.y)}`;
      },
    },
    plotOptions: {
      scatter: {
        marker: { radius: 5, symbol: 'circle' },
        dataLabels: {
          enabled: true,
          allowOverlap: false,
          style: { fontSize: '9px', fontWeight: 'normal', textOutline: 'none' },
          formatter() {
            return truncateName(this.name ?? '', POINT_LABEL_LENGTH);
          },
        },
      },
    },
    series: [{ type: 'scatter', name: props.label, color: CHART_COLORS.orange, data: points }],
  };
}
