// eNPS as bubbles (the report package): per set a row of three bubbles, detractors, passives and
// promoters, each sized by its percent of the set's participants. A suppressed set gets no bubbles.
// The chart needs highcharts-more loaded.
import type { Options, Point, SeriesBubbleOptions } from 'highcharts';
import { CHART_COLORS, formatShare } from '../theme.js';

export interface EnpsBubbleGroup {
  name: string;
  detractors: number | null;
  passives: number | null;
  promoters: number | null;
}

export interface EnpsBubbleInput {
  groups: EnpsBubbleGroup[];
  /** The three bands' names in the report language: detractors, passives, promoters. */
  bandNames: [string, string, string];
  label: string;
  width?: number;
  height?: number;
}

const BAND_COLORS = [CHART_COLORS.orange, CHART_COLORS.grey, CHART_COLORS.blue];

export function enpsBubbleOptions(props: EnpsBubbleInput): Options {
  const series: SeriesBubbleOptions[] = props.bandNames.map((bandName, band) => ({
    type: 'bubble',
    name: bandName,
    color: BAND_COLORS[band],
    data: props.groups.flatMap((group, row) => {
      const share = [group.detractors, group.passives, group.promoters][band];
      return share === null || share === undefined ? [] : [{ x: band, y: row, z: share }];
    }),
  }));
  return {
    chart: {
      type: 'bubble',
      width: props.width,
      height: props.height ?? 360,
      plotBackgroundColor: '#ffffff',
    },
    xAxis: {
      categories: props.bandNames,
      min: -0.5,
      max: 2.5,
      lineWidth: 0,
      tickLength: 0,
      labels: { style: { fontSize: '14px' } },
    },
    yAxis: {
      categories: props.groups.map((group) => group.name),
      min: -0.5,
      max: props.groups.length - 0.5,
      reversed: true,
      gridLineWidth: 0,
      title: { text: undefined },
      labels: { style: { fontSize: '14px' } },
    },
    legend: { enabled: false },
    tooltip: {
      formatter() {
        return `${this.series.name}: ${formatShare((this as Point & { z: number }).z)}`;
      },
    },
    plotOptions: {
      bubble: {
        minSize: 24,
        maxSize: props.groups.length > 1 ? '32%' : '60%',
        zMin: 0,
        zMax: 100,
        marker: { fillOpacity: 0.85, lineWidth: 0 },
        dataLabels: {
          enabled: true,
          style: { fontSize: '15px', fontWeight: 'bold', color: '#ffffff', textOutline: 'none' },
          formatter() {
            return formatShare((this as Point & { z: number }).z);
          },
        },
      },
    },
    series,
  };
}
