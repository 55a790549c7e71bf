// Index histogram (S-index, L-index): the share of each group's participants per bin, one column
// series per group. Suppressed groups have no bins and get no series (the page shows a note), so a
// missing group is never drawn as zeros.
import type { Options, SeriesColumnOptions } from 'highcharts';
import type { TFunction } from 'i18next';
import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShare } from '../format';
import { Chart, type ChartHandle } from './Chart';
import { SERIES_COLORS } from './theme';

export interface HistogramBinInput {
  from: number;
  to: number;
  share: number;
}

export interface HistogramGroup {
  name: string;
  suppressed: boolean;
  bins: HistogramBinInput[] | null;
}

export interface HistogramChartProps {
  groups: HistogramGroup[];
  label: string;
  ref?: Ref<ChartHandle>;
  height?: number;
  /**
   * The bin edges the x axis names (spec: S-index 30..90, L-index 0,30..90). A bin whose lower edge
   * is not a threshold reads "<to". Omitted: every edge.
   */
  thresholds?: readonly number[];
}

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
/** More groups than this get no value labels (they would overlap). */
const MAX_LABELLED_GROUPS = 3;

/** Current satisfaction (S-index) histogram edges. */
export const SATISFACTION_THRESHOLDS = [30, 40, 50, 60, 70, 80, 90] as const;
/** L-index histogram edges: the same plus 0. */
export const LINDEX_THRESHOLDS = [0, ...SATISFACTION_THRESHOLDS] as const;

/** The report texts the x axis names the bins with. */
export type BinTexts = TFunction<'report'>;

/**
 * "30–40", or "&lt;30" (drawn "<30") when the bin's lower edge is not one of the thresholds: the
 * bins come as numbers and only their names are made here.
 */
export function binLabel(
  bin: { from: number; to: number },
  t: BinTexts,
  thresholds?: readonly number[],
): string {
  // As an entity: Highcharts strips a bare '<' (and what follows) from the screen reader text.
  if (thresholds && !thresholds.includes(bin.from)) {
    return t('console.charts.binBelow', { to: bin.to }).replaceAll('<', '&lt;');
  }
  return t('console.charts.binRange', { from: bin.from, to: bin.to });
}

export function histogramOptions(
  groups: HistogramGroup[],
  t: BinTexts,
  thresholds?: readonly number[],
  height?: number,
): Options {
  const shown = groups.filter((group) => !group.suppressed && group.bins);
  const bins = shown[0]?.bins ?? [];
  const series: SeriesColumnOptions[] = shown.map((group) => ({
    type: 'column',
    name: group.name,
    data: (group.bins ?? []).map((bin) => bin.share),
  }));
  return {
    chart: { type: 'column', height: height ?? 400 },
    xAxis: { categories: bins.map((bin) => binLabel(bin, t, thresholds)) },
    yAxis: {
      min: 0,
      max: 100,
      tickInterval: 20,
      title: { text: undefined },
      labels: { format: '{value} %' },
    },
    tooltip: { valueDecimals: 0, valueSuffix: ' %' },
    plotOptions: {
      column: {
        dataLabels: {
          enabled: shown.length <= MAX_LABELLED_GROUPS,
          formatter() {
            return formatShare(this.y);
          },
        },
      },
    },
    colors: GROUP_COLORS,
    legend: { enabled: shown.length > 1 },
    series,
  };
}

export function HistogramChart({ groups, label, ref, height, thresholds }: HistogramChartProps) {
  const { t } = useTranslation('report');
  const options = useMemo(
    () => histogramOptions(groups, t, thresholds, height),
    [groups, t, thresholds, height],
  );
  return <Chart options={options} label={label} ref={ref} />;
}
