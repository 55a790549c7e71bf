// Index histogram (S-index, L-index): the options are shared with the server's package charts
// (packages/report-slides); this is the browser's component.
import { histogramOptions, type HistogramGroup } from '@survey/report-slides';
import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartHandle } from './Chart';
import { chartTexts } from './theme';

export {
  binLabel,
  GROUP_COLORS,
  histogramOptions,
  LINDEX_THRESHOLDS,
  SATISFACTION_THRESHOLDS,
  shareAxisMax,
  type BinTexts,
  type HistogramBinInput,
  type HistogramGroup,
} from '@survey/report-slides';

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
  /** The language of the axis texts (the report package's); omitted: the page's. */
  language?: string;
}

export function HistogramChart(props: HistogramChartProps) {
  const { groups, label, ref, height, thresholds, language } = props;
  const { t } = useTranslation('report', { lng: language });
  const options = useMemo(
    () => histogramOptions(groups, chartTexts(t), thresholds, height),
    [groups, t, thresholds, height],
  );
  return <Chart options={options} label={label} ref={ref} />;
}
