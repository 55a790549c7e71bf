// Spread as stacked horizontal bars: per category the percent in each band (90-100 ... <60), one
// stack per compared set or group. A null share (a suppressed group) draws nothing.
// The runtime stack item carries its stack key, which the typings leave out.
import type { Options, SeriesBarOptions, StackItemObject } from 'highcharts';
import { formatShare, SPREAD_COLORS } from '../theme.js';
import { truncateName } from './base.js';

export interface SpreadBandSeries {
  label: string;
  shares: (number | null)[];
}

export interface SpreadStack {
  name: string;
  bands: SpreadBandSeries[];
}

/** Room right of the bars for the stack names, cut to fit. */
const STACK_LABEL_ROOM = 160;
const STACK_NAME_LENGTH = 22;

/** Shares under this percent get no label (it would not fit in its segment). */
const MIN_LABELLED_SHARE = 5;

export function spreadBarOptions(
  categories: string[],
  stacks: SpreadStack[],
  size: { height?: number; width?: number } = {},
): Options {
  const series: SeriesBarOptions[] = stacks.flatMap((stack, stackIndex) =>
    stack.bands.map((band, bandIndex) => ({
      type: 'bar',
      id: stackIndex === 0 ? `band-${bandIndex}` : undefined,
      linkedTo: stackIndex === 0 ? undefined : `band-${bandIndex}`,
      name: stacks.length > 1 && stackIndex > 0 ? `${band.label} (${stack.name})` : band.label,
      stack: String(stackIndex),
      color: SPREAD_COLORS[bandIndex % SPREAD_COLORS.length],
      data: band.shares,
      custom: { stackName: stack.name },
    })),
  );
  return {
    chart: {
      type: 'bar',
      height: size.height ?? Math.max(300, 40 * categories.length * Math.max(1, stacks.length)),
      width: size.width,
      marginRight: stacks.length > 1 ? STACK_LABEL_ROOM : undefined,
    },
    xAxis: { categories },
    yAxis: {
      min: 0,
      max: 100,
      tickPositions: [0, 20, 40, 60, 80, 100],
      title: { text: undefined },
      labels: { format: '{value} %' },
      reversedStacks: false,
      // With two stacks per category, each names its set at its end.
      stackLabels: {
        enabled: stacks.length > 1,
        crop: false,
        overflow: 'allow',
        style: { fontWeight: 'normal', textOutline: 'none' },
        formatter() {
          return truncateName(
            stacks[Number((this as StackItemObject & { stack?: string }).stack)]?.name ?? '',
            STACK_NAME_LENGTH,
          );
        },
      },
    },
    tooltip: {
      formatter() {
        const stackName = (this.series.options.custom as { stackName?: string } | undefined)
          ?.stackName;
        const prefix = stacks.length > 1 && stackName ? `${stackName}: ` : '';
        return `${String(this.category)}<br/>${prefix}${this.series.name}: ${formatShare(this.y)}`;
      },
    },
    plotOptions: {
      bar: {
        stacking: 'normal',
        groupPadding: 0.1,
        dataLabels: {
          enabled: true,
          formatter() {
            return this.y !== null && this.y !== undefined && this.y >= MIN_LABELLED_SHARE
              ? formatShare(this.y)
              : '';
          },
        },
      },
    },
    legend: { enabled: true },
    series,
  };
}
