// The package's charts, drawn off-screen at slide size and turned into PNGs once all have rendered.
// The parent keys this component by survey, unit and language, so a change unmounts it: the
// pending image work is aborted and the images start again from nothing. The parent's signal stops
// the work sooner, when the reader makes the change (React renders the new address later, and the
// image work would keep going until then).
import type { Options } from 'highcharts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartHandle } from '../charts/Chart';
import { EnpsBubbleChart } from '../charts/EnpsBubbleChart';
import {
  HistogramChart,
  LINDEX_THRESHOLDS,
  SATISFACTION_THRESHOLDS,
} from '../charts/HistogramChart';
import { RealizationBarChart } from '../charts/RealizationBarChart';
import { RealizationScatterChart } from '../charts/RealizationScatterChart';
import { SpreadBarChart } from '../charts/SpreadBarChart';
import { truncateName } from '../format';
import { chartImages, type ChartImage } from './chartImages';
import type { PackageChartKey, PackageData } from './packageTypes';

export type { PackageChartKey } from './packageTypes';

/** Chart size in pixels: the slide's content width, so text in the PNG reads at slide scale. */
const WIDTH = 860;
/** The realization slide draws its own scale legend under the chart. */
const IMAGE_OVERRIDES: Partial<Record<PackageChartKey, Options>> = {
  realization: { legend: { enabled: false } },
};
/** The L-index distribution shares its slide with the explanation. */
const HALF_WIDTH = 520;
/** Long criterion names wrap badly on a slide's bar axis. */
const AXIS_NAME_LENGTH = 40;

export interface PackageChartsProps {
  data: PackageData;
  /** The report language (charts' texts). */
  language: string;
  onImages: (images: Map<PackageChartKey, ChartImage>) => void;
  onError: (error: Error) => void;
  /** Aborted by the page the moment its reader changes a choice, before React gets to unmount. */
  signal: AbortSignal;
}

export function PackageCharts({ data, language, onImages, onError, signal }: PackageChartsProps) {
  const { i18n } = useTranslation('report');
  const t = useMemo(
    () => i18n.getFixedT(language, 'report', 'console.package.slides'),
    [i18n, language],
  );
  // A Map filled by the charts' callback refs (not React state: filling it must not re-render).
  const [handles] = useState(() => new Map<PackageChartKey, ChartHandle>());
  const handle = (key: PackageChartKey) => (chart: ChartHandle | null) => {
    if (chart) handles.set(key, chart);
    else handles.delete(key);
  };
  const report = data.report;
  const unitChosen = data.unit !== null;

  useEffect(() => {
    const controller = new AbortController();
    const either = AbortSignal.any([controller.signal, signal]);
    chartImages(handles, either, IMAGE_OVERRIDES).then(onImages, (error: Error) => {
      if (error.name !== 'AbortError') onError(error);
    });
    return () => controller.abort();
  }, [handles, onImages, onError, signal]);

  const top10 = report.realizations?.criteria ?? [];
  const categories = top10.map((entry) => truncateName(entry.criterion.name, AXIS_NAME_LENGTH));
  const datasets = report.realizations?.datasets ?? [];
  const satisfaction = report.satisfaction?.groups ?? [];
  const lIndex = report.lIndex?.groups ?? [];
  const firstDataset = 0;
  const enps = report.enps?.groups ?? [];

  return (
    <div
      inert
      style={{ position: 'fixed', left: -10000, top: 0, width: WIDTH, visibility: 'hidden' }}
    >
      <HistogramChart
        ref={handle('satisfaction')}
        label={t('satisfaction')}
        groups={satisfaction}
        thresholds={SATISFACTION_THRESHOLDS}
        height={330}
      />
      {unitChosen && !data.trend && (
        <RealizationBarChart
          ref={handle('usVsOrganisation')}
          label={t('usVsOrgTitle')}
          categories={categories}
          series={datasets.map((dataset, index) => ({
            name: dataset.name,
            values: top10.map((entry) => entry.realizations[index]?.value ?? null),
          }))}
          width={WIDTH}
          height={340}
        />
      )}
      <SpreadBarChart
        ref={handle('realization')}
        label={t('realizationTitle')}
        categories={categories}
        stacks={[
          {
            name: datasets[firstDataset]?.name ?? '',
            bands: (top10[0]?.realizations[firstDataset]?.spread ?? []).map((band, bandIndex) => ({
              label: band.label,
              shares: top10.map(
                (entry) => entry.realizations[firstDataset]?.spread?.[bandIndex]?.share ?? null,
              ),
            })),
          },
        ]}
        width={WIDTH}
        height={320}
      />
      <RealizationScatterChart
        ref={handle('scatter')}
        label={t('scatterTitle')}
        importanceTitle={t('importanceAxis')}
        realizationTitle={t('realizationAxis')}
        criteria={(report.realizationsBy?.criteria ?? []).map((entry) => ({
          name: entry.criterion.name,
          importance: entry.realizations[firstDataset]?.importance ?? null,
          realization: entry.realizations[firstDataset]?.value ?? null,
        }))}
        width={WIDTH}
        height={340}
      />
      <div style={{ width: HALF_WIDTH }}>
        <HistogramChart
          ref={handle('lIndexDistribution')}
          label={t('lIndexDistributionTitle')}
          groups={lIndex.slice(0, 1)}
          thresholds={LINDEX_THRESHOLDS}
          height={340}
        />
      </div>
      {unitChosen && (
        <HistogramChart
          ref={handle('lIndexCompare')}
          label={t('lIndexCompareTitle')}
          groups={lIndex}
          thresholds={LINDEX_THRESHOLDS}
          height={330}
        />
      )}
      <EnpsBubbleChart
        ref={handle('enpsBubble')}
        label={t('enpsTitle')}
        groups={enps}
        bandNames={[t('detractors'), t('passives'), t('promoters')]}
        width={WIDTH}
        height={unitChosen ? 330 : 220}
      />
    </div>
  );
}
