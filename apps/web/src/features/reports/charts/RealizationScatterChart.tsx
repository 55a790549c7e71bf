// Importance against realization of every criterion: the options are shared with the server's
// package charts (packages/report-slides); this is the browser's component.
import { realizationScatterOptions, type ScatterTexts } from '@survey/report-slides';
import { useMemo, type Ref } from 'react';
import { Chart, type ChartHandle } from './Chart';

export {
  NAMED_POINTS,
  realizationScatterOptions,
  type ScatterCriterion,
} from '@survey/report-slides';

export interface RealizationScatterChartProps extends ScatterTexts {
  ref?: Ref<ChartHandle>;
}

export function RealizationScatterChart({ ref, ...props }: RealizationScatterChartProps) {
  const { criteria, importanceTitle, realizationTitle, label, width, height } = props;
  const options = useMemo(
    () =>
      realizationScatterOptions({
        criteria,
        importanceTitle,
        realizationTitle,
        label,
        width,
        height,
      }),
    [criteria, importanceTitle, realizationTitle, label, width, height],
  );
  return <Chart options={options} label={label} ref={ref} />;
}
