// Realization of criteria as horizontal bars, one series per compared set or group: axis ticks every
// 20 up to 100 with a threshold line at 80, bar values rounded. A null value (a suppressed group, or
// no ratings) leaves a gap, never a zero bar.
import type { Options, SeriesBarOptions } from 'highcharts';
import { useMemo, type Ref } from 'react';
import { formatIndex } from '../format';
import { Chart, type ChartHandle } from './Chart';
import { CHART_COLORS } from './theme';

export interface RealizationSeries {
  name: string;
  values: (number | null)[];
}

export interface RealizationBarChartProps {
  categories: string[];
  series: RealizationSeries[];
  label: string;
  ref?: Ref<ChartHandle>;
  height?: number;
  /** Chart width in pixels; omitted: the container's. */
  width?: number;
}

/** Spec section 9: ticks 20, 40, 60, 80, 100 and a threshold line at 80. */
export const REALIZATION_TICKS = [20, 40, 60, 80, 100] as const;
export const REALIZATION_THRESHOLD = 80;

export function realizationBarOptions(
  categories: string[],
  series: RealizationSeries[],
  size: { height?: number; width?: number } = {},
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
    },
    xAxis: { categories, labels: { style: { textOverflow: 'ellipsis' } } },
    yAxis: {
      min: 0,
      max: 100,
      tickPositions: [0, ...REALIZATION_TICKS],
      title: { text: undefined },
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
    legend: { enabled: series.length > 1 },
    series: bars,
  };
}

export function RealizationBarChart(props: RealizationBarChartProps) {
  const { categories, series, label, ref, height, width } = props;
  const options = useMemo(
    () => realizationBarOptions(categories, series, { height, width }),
    [categories, series, height, width],
  );
  return <Chart options={options} label={label} ref={ref} />;
}
