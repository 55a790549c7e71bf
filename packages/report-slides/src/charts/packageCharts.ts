// The report package's charts, defined once for the browser (apps/web draws them off-screen and
// turns them into images) and the server (apps/gateway draws them in Node): which charts a package
// has, their data, texts, sizes and options. Both merge `baseChartOptions` under each chart's
// options and `imageOptions` over them.
import type { Options } from 'highcharts';
import type { PackageChartKey, PackageData } from '../types.js';
import { truncateName, type ChartTexts } from './base.js';
import { enpsBubbleOptions } from './enpsBubble.js';
import { histogramOptions, LINDEX_THRESHOLDS, SATISFACTION_THRESHOLDS } from './histogram.js';
import { realizationBarOptions, REALIZATION_THRESHOLD } from './realizationBar.js';
import { realizationScatterOptions } from './scatter.js';
import { spreadBarOptions } from './spreadBar.js';

/** Chart size in pixels: the slide's content width, so text in the image reads at slide scale. */
export const PACKAGE_CHART_WIDTH = 860;
/** The L-index distribution shares its slide with the explanation. */
export const PACKAGE_CHART_HALF_WIDTH = 520;
/** Long criterion names wrap badly on a slide's bar axis. */
const AXIS_NAME_LENGTH = 40;

export interface PackageChartSpec {
  key: PackageChartKey;
  /** Names the chart for screen readers (the slide's title). */
  label: string;
  /** The chart kind's options (the base theme goes under them). */
  options: Options;
  /** The width the chart is drawn at, in pixels. */
  width: number;
  /** Options changed in the image only (for example a legend the slide draws itself). */
  imageOptions: Options;
}

type Report = PackageData['report'];

function realizationSpecs(data: PackageData, t: ChartTexts, slide: ChartTexts): PackageChartSpec[] {
  const report: Report = data.report;
  const top10 = report.realizations?.criteria ?? [];
  const categories = top10.map((entry) => truncateName(entry.criterion.name, AXIS_NAME_LENGTH));
  const datasets = report.realizations?.datasets ?? [];
  const first = 0;
  const specs: PackageChartSpec[] = [];
  if (data.unit !== null && !data.trend)
    specs.push({
      key: 'usVsOrganisation',
      label: slide('usVsOrgTitle'),
      width: PACKAGE_CHART_WIDTH,
      imageOptions: {},
      options: realizationBarOptions(
        categories,
        datasets.map((dataset, index) => ({
          name: dataset.name,
          values: top10.map((entry) => entry.realizations[index]?.value ?? null),
        })),
        { width: PACKAGE_CHART_WIDTH, height: 340 },
        {
          threshold: t('console.charts.thresholdLine', { value: REALIZATION_THRESHOLD }),
          axis: t('console.charts.realizationAxis'),
        },
      ),
    });
  const bands = top10[0]?.realizations[first]?.spread ?? [];
  specs.push({
    key: 'realization',
    label: slide('realizationTitle'),
    width: PACKAGE_CHART_WIDTH,
    // The realization slide draws its own scale legend under the chart.
    imageOptions: { legend: { enabled: false } },
    options: spreadBarOptions(
      categories,
      [
        {
          name: datasets[first]?.name ?? '',
          bands: bands.map((band, bandIndex) => ({
            label: band.label,
            shares: top10.map(
              (entry) => entry.realizations[first]?.spread?.[bandIndex]?.share ?? null,
            ),
          })),
        },
      ],
      { width: PACKAGE_CHART_WIDTH, height: 320 },
    ),
  });
  specs.push({
    key: 'scatter',
    label: slide('scatterTitle'),
    width: PACKAGE_CHART_WIDTH,
    imageOptions: {},
    options: realizationScatterOptions({
      label: slide('scatterTitle'),
      importanceTitle: slide('importanceAxis'),
      realizationTitle: slide('realizationAxis'),
      criteria: (report.realizationsBy?.criteria ?? []).map((entry) => ({
        name: entry.criterion.name,
        importance: entry.realizations[first]?.importance ?? null,
        realization: entry.realizations[first]?.value ?? null,
      })),
      width: PACKAGE_CHART_WIDTH,
      height: 340,
    }),
  });
  return specs;
}

/**
 * The package's charts in slide order, with texts in the report language: `t` reads the report
 * namespace (`console.charts.*`, `console.package.slides.*`) in that language.
 */
export function packageChartSpecs(data: PackageData, t: ChartTexts): PackageChartSpec[] {
  const slide: ChartTexts = (key, options) => t(`console.package.slides.${key}`, options);
  const report = data.report;
  const unitChosen = data.unit !== null;
  const lIndex = report.lIndex?.groups ?? [];
  const histogram = (key: PackageChartKey, label: string, width: number, options: Options) => ({
    key,
    label,
    width,
    imageOptions: {},
    options: { ...options, chart: { ...options.chart, width } },
  });
  return [
    histogram(
      'satisfaction',
      slide('satisfaction'),
      PACKAGE_CHART_WIDTH,
      histogramOptions(report.satisfaction?.groups ?? [], t, SATISFACTION_THRESHOLDS, 330),
    ),
    ...realizationSpecs(data, t, slide),
    histogram(
      'lIndexDistribution',
      slide('lIndexDistributionTitle'),
      PACKAGE_CHART_HALF_WIDTH,
      histogramOptions(lIndex.slice(0, 1), t, LINDEX_THRESHOLDS, 340),
    ),
    ...(unitChosen
      ? [
          histogram(
            'lIndexCompare',
            slide('lIndexCompareTitle'),
            PACKAGE_CHART_WIDTH,
            histogramOptions(lIndex, t, LINDEX_THRESHOLDS, 330),
          ),
        ]
      : []),
    {
      key: 'enpsBubble',
      label: slide('enpsTitle'),
      width: PACKAGE_CHART_WIDTH,
      imageOptions: {},
      options: enpsBubbleOptions({
        label: slide('enpsTitle'),
        groups: report.enps?.groups ?? [],
        bandNames: [slide('detractors'), slide('passives'), slide('promoters')],
        width: PACKAGE_CHART_WIDTH,
        height: unitChosen ? 330 : 220,
      }),
    },
  ];
}
