import type {
  Options,
  PointOptionsObject,
  SeriesBarOptions,
  SeriesColumnOptions,
  XAxisOptions,
  YAxisOptions,
} from 'highcharts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { CHART_COLORS, chartTexts } from './theme';
import { enpsAnswerColor, enpsOptions } from './EnpsChart';
import {
  binLabel,
  histogramOptions,
  LINDEX_THRESHOLDS,
  shareAxisMax,
  SATISFACTION_THRESHOLDS,
} from './HistogramChart';
import { cellValue, heatmapData, heatmapOptions } from './HeatmapChart';
import { realizationBarOptions, REALIZATION_THRESHOLD } from './RealizationBarChart';
import { NAMED_POINTS, realizationScatterOptions } from './RealizationScatterChart';
import { spreadBarOptions } from './SpreadBarChart';

// The English report texts (test/setup.ts loads the real locale files).
const t = chartTexts(i18next.getFixedT('en-US', 'report'));

const [lowest, second] = [
  { from: 0, to: 30, share: 10 },
  { from: 30, to: 40, share: 20.4 },
] as const;
const bins = [
  { from: 0, to: 30, share: 10 },
  { from: 30, to: 40, share: 20.4 },
  { from: 90, to: 100, share: 69.6 },
];

describe('histogram options', () => {
  it('names the first bin "<30" on the satisfaction scale and "0–30" on the L-index scale', () => {
    expect(binLabel(lowest, t, SATISFACTION_THRESHOLDS)).toBe('&lt;30');
    expect(binLabel(lowest, t, LINDEX_THRESHOLDS)).toBe('0–30');
    expect(binLabel(second, t, SATISFACTION_THRESHOLDS)).toBe('30–40');
  });

  it('draws one series per shown group and none for a suppressed group', () => {
    const options = histogramOptions(
      [
        { name: 'HK24', suppressed: false, bins },
        { name: 'Small team', suppressed: true, bins: null },
      ],
      t,
    );
    const series = options.series as SeriesColumnOptions[];
    expect(series.map((entry) => entry.name)).toEqual(['HK24']);
    expect(series[0]?.data).toEqual([10, 20.4, 69.6]);
    expect((options.xAxis as XAxisOptions).categories).toEqual(['0–30', '30–40', '90–100']);
  });

  it('takes the height it is given', () => {
    expect(histogramOptions([], t, undefined, 250).chart?.height).toBe(250);
  });

  it('scales the share axis to the data: a peak of 29 % gets an axis to 30 %, labelled', () => {
    const peak = [{ from: 60, to: 70, share: 29 }];
    const axis = histogramOptions([{ name: 'HK25', suppressed: false, bins: peak }], t)
      .yAxis as YAxisOptions;
    expect(axis).toMatchObject({ max: 30, tickInterval: 10 });
    expect(axis.title?.text).toBe('Share of respondents (%)');
    expect(shareAxisMax([{ name: 'A', suppressed: false, bins }])).toBe(80);
    // A suppressed group's (absent) bins never stretch the axis.
    expect(shareAxisMax([{ name: 'B', suppressed: true, bins: null }])).toBe(10);
  });
});

describe('eNPS options', () => {
  it('colours detractors, passives and promoters apart', () => {
    expect(enpsAnswerColor(6)).toBe(CHART_COLORS.orange);
    expect(enpsAnswerColor(7)).toBe(CHART_COLORS.grey);
    expect(enpsAnswerColor(9)).toBe(CHART_COLORS.blue);
  });

  it('orders the answers 0..10 with their counts', () => {
    const answers = Array.from({ length: 11 }, (_, score) => ({ score: 10 - score, count: score }));
    const options = enpsOptions(answers, 'HK24');
    expect((options.xAxis as XAxisOptions).categories).toEqual(
      Array.from({ length: 11 }, (_, score) => String(score)),
    );
    const data = ((options.series as SeriesColumnOptions[])[0]?.data ?? []) as PointOptionsObject[];
    expect(data.map((point) => point.y)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });
});

describe('realization bar options', () => {
  it('has ticks every 20 up to 100 and a threshold line at 80', () => {
    const options = realizationBarOptions(['A'], [{ name: 'HK24', values: [71.6] }]);
    const axis = options.yAxis as YAxisOptions;
    expect(axis.tickPositions).toEqual([0, 20, 40, 60, 80, 100]);
    expect(axis.plotLines?.[0]?.value).toBe(REALIZATION_THRESHOLD);
    expect(REALIZATION_THRESHOLD).toBe(80);
  });

  it('names the red line at 80 in the legend and titles the value axis', () => {
    const options = realizationBarOptions(
      ['A'],
      [{ name: 'HK24', values: [71.6] }],
      {},
      {
        threshold: 'Target level 80',
        axis: 'Realization (0–100)',
      },
    );
    expect(options.legend?.enabled).toBe(true);
    const line = (options.series ?? []).find((entry) => 'type' in entry && entry.type === 'line');
    expect(line).toMatchObject({ name: 'Target level 80', color: CHART_COLORS.red, data: [] });
    expect((options.yAxis as YAxisOptions).title?.text).toBe('Realization (0–100)');
    // On a phone the names get at most 140 px, so the bars keep their room.
    expect(options.responsive?.rules?.[0]?.condition?.maxWidth).toBe(600);
  });

  it('keeps a missing value as a gap, never a zero', () => {
    const options = realizationBarOptions(['A', 'B'], [{ name: 'Team', values: [null, 55] }]);
    expect((options.series as SeriesBarOptions[])[0]?.data).toEqual([null, 55]);
  });

  it('uses the size it is given', () => {
    const options = realizationBarOptions(['A'], [], { width: 1085, height: 300 });
    expect(options.chart).toMatchObject({ width: 1085, height: 300 });
  });
});

describe('spread options', () => {
  const stacks = [
    { name: 'HK25', bands: [{ label: '90-100', shares: [30, null] }] },
    { name: 'HK24', bands: [{ label: '90-100', shares: [25, 10] }] },
  ];

  it('stacks each set apart and lists every band once in the legend', () => {
    const series = spreadBarOptions(['A', 'B'], stacks).series as SeriesBarOptions[];
    expect(series.map((entry) => [entry.stack, entry.id, entry.linkedTo])).toEqual([
      ['0', 'band-0', undefined],
      ['1', undefined, 'band-0'],
    ]);
    expect(series[0]?.data).toEqual([30, null]);
  });

  it('names the sets at the end of their bars only when there are two', () => {
    const axis = (options: Options) => options.yAxis as YAxisOptions;
    expect(axis(spreadBarOptions(['A'], stacks)).stackLabels?.enabled).toBe(true);
    expect(axis(spreadBarOptions(['A'], stacks.slice(0, 1))).stackLabels?.enabled).toBe(false);
  });
});

describe('heatmap options', () => {
  it('scales colours from -1 to 1 in a 1000x900 view and keeps empty cells empty', () => {
    const options = heatmapOptions(
      ['A', 'B'],
      [
        [1, null],
        [null, 1],
      ],
      'Correlations',
    );
    expect(options.chart).toMatchObject({ width: 1000, height: 900 });
    expect(options.colorAxis).toMatchObject({ min: -1, max: 1 });
    // All 900 cells stay reachable and described for the keyboard.
    expect(options.accessibility?.series?.pointDescriptionEnabledThreshold).toBe(false);
    expect(options.accessibility?.keyboardNavigation?.enabled).toBe(true);
    expect(cellValue(0.456)).toBe('0.46');
    expect(cellValue(null)).toBe('–');
    expect(heatmapData([[1, null]])).toEqual([
      [0, 0, 1],
      [1, 0, null],
    ]);
  });
});

describe('importance and realization scatter', () => {
  it('names the ten most important criteria, greys the rest and leaves out those without values', () => {
    const criteria = Array.from({ length: 30 }, (_, i) => ({
      name: `Criterion ${i + 2}`,
      importance: i === 29 ? null : i * 3,
      realization: 50 + i,
    }));
    const options = realizationScatterOptions({
      criteria,
      importanceTitle: 'Chosen among the top 10',
      realizationTitle: 'Realization',
      label: 'Importance and realization',
    });
    const [series] = options.series as { data: PointOptionsObject[] }[];
    const points = series?.data ?? [];
    expect(points).toHaveLength(29);
    const named = points.filter((point) => point.dataLabels === undefined);
    // The most important: importance 84 (criterion 30) down to 57 (criterion 21).
    expect(named.map((point) => point.name)).toEqual(
      Array.from({ length: NAMED_POINTS }, (_, i) => `Criterion ${21 + i}`),
    );
    expect(named.every((point) => point.color === undefined)).toBe(true);
    const grey = points.filter((point) => point.dataLabels !== undefined);
    expect(grey).toHaveLength(19);
    expect(grey.every((point) => point.color === CHART_COLORS.grey)).toBe(true);
    expect((options.xAxis as XAxisOptions).tickPositions).toEqual([
      0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100,
    ]);
  });
});
