// Correlation heat map of the criteria: colour scale from 1 (orange) through 0 (white) to -1 (blue).
// Hovering a cell, or reaching it with the keyboard (Tab into the chart, then the arrow keys), shows
// its two criteria and value and highlights its row and column labels. The heatmap module loads only
// with this chart.
import type { Chart as HighchartsChart, Options, Point } from 'highcharts';
// The heatmap module registers itself on the Highcharts instance Chart.tsx loads: that comes first.
import { Chart, type ChartHandle } from './Chart';
import 'highcharts/modules/heatmap';
import { useMemo, type Ref } from 'react';
import { truncateName } from '../format';
import { CHART_COLORS } from './theme';

export interface HeatmapChartProps {
  /** Row and column names (the same criteria on both axes). */
  names: string[];
  /** rows[i][j]: the value of row i, column j; null cells are drawn as "no value", never as 0. */
  rows: (number | null)[][];
  label: string;
  ref?: Ref<ChartHandle>;
}

/** Spec: the correlation view is 1000 by 900. */
export const HEATMAP_SIZE = { width: 1000, height: 900 } as const;
/** Long criterion names are cut on the axes (the tooltip has the whole name). */
const AXIS_NAME_LENGTH = 30;
const LABEL_STYLE = { fontSize: '12px' };

/** A cell's value as the tooltip and screen readers give it. */
export const cellValue = (value: number | null | undefined): string =>
  value === null || value === undefined ? '–' : value.toFixed(2);

const HIGHLIGHT_STYLE = { fontWeight: 'bold', color: CHART_COLORS.orange };
const NORMAL_STYLE = { fontWeight: 'normal', color: '#333333' };

/** Highlights (or resets) the labels of column x and row y. */
export function highlightLabels(chart: HighchartsChart, x: number, y: number, on: boolean): void {
  const style = on ? HIGHLIGHT_STYLE : NORMAL_STYLE;
  chart.xAxis[0]?.ticks[x]?.label?.css(style);
  chart.yAxis[0]?.ticks[y]?.label?.css(style);
}

export function heatmapData(rows: (number | null)[][]): [number, number, number | null][] {
  return rows.flatMap((row, y) =>
    row.map((value, x): [number, number, number | null] => [x, y, value]),
  );
}

export function heatmapOptions(
  names: string[],
  rows: (number | null)[][],
  seriesName: string,
): Options {
  const axisNames = names.map((name) => truncateName(name, AXIS_NAME_LENGTH));
  return {
    chart: { type: 'heatmap', ...HEATMAP_SIZE },
    xAxis: { categories: axisNames, labels: { rotation: -60, style: LABEL_STYLE } },
    yAxis: {
      categories: axisNames,
      reversed: true,
      title: { text: undefined },
      labels: { style: LABEL_STYLE },
    },
    // 900 cells: every one stays reachable by keyboard and described (Highcharts stops at 200).
    accessibility: {
      keyboardNavigation: { enabled: true },
      series: { pointDescriptionEnabledThreshold: false },
      point: {
        descriptionFormatter(point) {
          const value = (point as Point & { value?: number | null }).value;
          return `${names[point.y ?? 0] ?? ''}, ${names[point.x] ?? ''}: ${cellValue(value)}`;
        },
      },
    },
    colorAxis: {
      min: -1,
      max: 1,
      stops: [
        [0, CHART_COLORS.blue],
        [0.5, '#ffffff'],
        [1, CHART_COLORS.orange],
      ],
    },
    legend: { align: 'right', layout: 'vertical', verticalAlign: 'middle' },
    tooltip: {
      formatter() {
        const point = this as Point & { value?: number | null };
        const column = names[point.x] ?? '';
        const row = names[point.y ?? 0] ?? '';
        return `${row}<br/>${column}: <b>${cellValue(point.value)}</b>`;
      },
    },
    plotOptions: {
      heatmap: {
        nullColor: CHART_COLORS.lightGrey,
        point: {
          events: {
            mouseOver() {
              highlightLabels(this.series.chart, this.x, this.y ?? 0, true);
            },
            mouseOut() {
              highlightLabels(this.series.chart, this.x, this.y ?? 0, false);
            },
          },
        },
      },
    },
    series: [
      {
        type: 'heatmap',
        name: seriesName,
        data: heatmapData(rows),
        borderWidth: 1,
        borderColor: '#ffffff',
      },
    ],
  };
}

export function HeatmapChart({ names, rows, label, ref }: HeatmapChartProps) {
  const options = useMemo(() => heatmapOptions(names, rows, label), [names, rows, label]);
  return <Chart options={options} label={label} ref={ref} />;
}
