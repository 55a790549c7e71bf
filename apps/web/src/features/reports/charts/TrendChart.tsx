// An index over a company's ended surveys, oldest first, as a line (the dashboard's L-index trend).
// A suppressed survey has no value and leaves a gap, never a zero; tracking (trend) surveys get a
// diamond marker so a reader sees which points answer a follow-up questionnaire.
import type { Options } from 'highcharts';
import { useMemo, type Ref } from 'react';
import { formatIndex } from '../format';
import { Chart, type ChartHandle } from './Chart';

export interface TrendPointInput {
  /** The survey's name (the x axis category). */
  name: string;
  /** The index 0..100, or null for a suppressed survey. */
  value: number | null;
  tracking: boolean;
}

export interface TrendChartProps {
  points: TrendPointInput[];
  /** Names the series and, for screen readers, the chart. */
  label: string;
  ref?: Ref<ChartHandle>;
  height?: number;
}

/** Spec section 9: comparison chart ticks every 20 from 20 to 100. */
export const TREND_TICKS = [0, 20, 40, 60, 80, 100] as const;

export function trendOptions(
  points: TrendPointInput[],
  seriesName: string,
  height?: number,
): Options {
  return {
    chart: { type: 'line', height: height ?? 300 },
    xAxis: { categories: points.map((point) => point.name) },
    yAxis: { min: 0, max: 100, tickPositions: [...TREND_TICKS], title: { text: undefined } },
    tooltip: { valueDecimals: 0 },
    legend: { enabled: false },
    plotOptions: {
      line: {
        connectNulls: false,
        dataLabels: {
          enabled: true,
          formatter() {
            return formatIndex(this.y);
          },
        },
      },
    },
    series: [
      {
        type: 'line',
        name: seriesName,
        data: points.map((point) => ({
          y: point.value,
          marker: { symbol: point.tracking ? 'diamond' : 'circle', radius: 5 },
        })),
      },
    ],
  };
}

export function TrendChart({ points, label, ref, height }: TrendChartProps) {
  const options = useMemo(() => trendOptions(points, label, height), [points, label, height]);
  return <Chart options={options} label={label} ref={ref} />;
}
