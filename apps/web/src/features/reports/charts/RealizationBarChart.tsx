// Realization of criteria as horizontal bars: the options are shared with the server's package
// charts (packages/report-slides); this is the browser's component.
import { realizationBarOptions, REALIZATION_THRESHOLD } from '@survey/report-slides';
import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartHandle } from './Chart';

export {
  NARROW_CHART_WIDTH,
  narrowBarRules,
  realizationBarOptions,
  REALIZATION_THRESHOLD,
  REALIZATION_TICKS,
  thresholdLegend,
  type RealizationSeries,
  type RealizationTexts,
} from '@survey/report-slides';

export interface RealizationBarChartProps {
  categories: string[];
  series: { name: string; values: (number | null)[] }[];
  label: string;
  ref?: Ref<ChartHandle>;
  height?: number;
  /** Chart width in pixels; omitted: the container's. */
  width?: number;
  /** The language of the axis texts (the report package's); omitted: the page's. */
  language?: string;
}

export function RealizationBarChart(props: RealizationBarChartProps) {
  const { categories, series, label, ref, height, width, language } = props;
  const { t } = useTranslation('report', { lng: language });
  const threshold = t('console.charts.thresholdLine', { value: REALIZATION_THRESHOLD });
  const axis = t('console.charts.realizationAxis');
  const options = useMemo(
    () => realizationBarOptions(categories, series, { height, width }, { threshold, axis }),
    [categories, series, height, width, threshold, axis],
  );
  return <Chart options={options} label={label} ref={ref} />;
}
