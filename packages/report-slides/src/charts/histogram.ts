// Index histogram (S-index, L-index): the share of each group's participants per bin, one column
// series per group. Suppressed groups have no bins and get no series (the page shows a note), so a
// missing group is never drawn as zeros.
import type { Options, SeriesColumnOptions } from 'highcharts';
import { formatShare } from '../theme.js';
import { GROUP_COLORS, type ChartTexts } from './base.js';

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

/** More groups than this get no value labels (they would overlap). */
const MAX_LABELLED_GROUPS = 3;

/** Current satisfaction (S-index) histogram edges. */
export const SATISFACTION_THRESHOLDS = [30, 40, 50, 60, 70, 80, 90] as const;
/** L-index histogram edges: the same plus 0. */
export const LINDEX_THRESHOLDS = [0, ...SATISFACTION_THRESHOLDS] as const;

/** The report texts the x axis names the bins with. */
export type BinTexts = ChartTexts;

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

/**
 * The share axis' top: the highest bin rounded up to the next 10 (at least 10, at most 100), so a
 * distribution that peaks at 29 % fills the chart instead of a third of a 0-100 % axis.
 */
export function shareAxisMax(groups: readonly HistogramGroup[]): number {
  const highest = Math.max(
    0,
    ...groups.flatMap((group) => (group.suppressed ? [] : (group.bins ?? []).map((b) => b.share))),
  );
  return Math.min(100, Math.max(10, Math.ceil((highest + 0.5) / 10) * 10));
}

export function histogramOptions(
  groups: HistogramGroup[],
  t: BinTexts,
  thresholds?: readonly number[],
  height?: number,
): Options {
  const shown = groups.filter((group) => !group.suppressed && group.bins);
  const bins = shown[0]?.bins ?? [];
  const top = shareAxisMax(shown);
  const series: SeriesColumnOptions[] = shown.map((group) => ({
    type: 'column',
    name: group.name,
    data: (group.bins ?? []).map((bin) => bin.share),
  }));
  return {
    chart: { type: 'column', height: height ?? 400 },
    xAxis: {
      categories: bins.map((bin) => binLabel(bin, t, thresholds)),
      title: { text: t('console.charts.rangeAxis') },
    },
    yAxis: {
      min: 0,
      max: top,
      tickInterval: top <= 50 ? 10 : 20,
      title: { text: t('console.charts.shareAxis') },
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
