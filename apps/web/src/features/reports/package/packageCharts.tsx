// The package's charts, drawn off-screen at slide size and turned into images once all have rendered.
// Which charts, their data, texts and options are the package's shared chart definitions
// (packages/report-slides `packageChartSpecs`), which the server's PDF draws too.
// The parent keys this component by survey, unit and language, so a change unmounts it: the
// pending image work is aborted and the images start again from nothing. The parent's signal stops
// the work sooner, when the reader makes the change (React renders the new address later, and the
// image work would keep going until then).
import { packageChartSpecs, type PackageChartKey } from '@survey/report-slides';
import type { Options } from 'highcharts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartHandle } from '../charts/Chart';
import { ChartLanguageContext } from '../charts/chartLang';
import { chartTexts } from '../charts/theme';
import { chartImages, type ChartImage } from './chartImages';
import type { PackageData } from './packageTypes';
// The eNPS bubbles need highcharts-more.
import '../charts/EnpsBubbleChart';

export type { PackageChartKey } from './packageTypes';

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
  const specs = useMemo(() => {
    return packageChartSpecs(data, chartTexts(i18n.getFixedT(language, 'report')));
  }, [i18n, language, data]);
  // A Map filled by the charts' callback refs (not React state: filling it must not re-render).
  const [handles] = useState(() => new Map<PackageChartKey, ChartHandle>());
  const handle = (key: PackageChartKey) => (chart: ChartHandle | null) => {
    if (chart) handles.set(key, chart);
    else handles.delete(key);
  };
  const overrides = useMemo(() => {
    const entries: [PackageChartKey, Options][] = specs.map((spec) => [
      spec.key,
      spec.imageOptions,
    ]);
    return Object.fromEntries(entries) as Partial<Record<PackageChartKey, Options>>;
  }, [specs]);

  useEffect(() => {
    const controller = new AbortController();
    const either = AbortSignal.any([controller.signal, signal]);
    chartImages(handles, either, overrides, language).then(onImages, (error: Error) => {
      if (error.name !== 'AbortError') onError(error);
    });
    return () => controller.abort();
  }, [handles, onImages, onError, signal, language, overrides]);

  return (
    <ChartLanguageContext value={language}>
      <div inert style={{ position: 'fixed', left: -10000, top: 0, visibility: 'hidden' }}>
        {specs.map((spec) => (
          <div key={spec.key} style={{ width: spec.width }}>
            <Chart ref={handle(spec.key)} label={spec.label} options={spec.options} />
          </div>
        ))}
      </div>
    </ChartLanguageContext>
  );
}
