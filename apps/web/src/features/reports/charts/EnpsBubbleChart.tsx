// eNPS as bubbles: the options are shared with the server's package charts
// (packages/report-slides); this is the browser's component.
import { enpsBubbleOptions, type EnpsBubbleInput } from '@survey/report-slides';
// highcharts-more attaches to the loaded Highcharts, so Highcharts itself loads first.
import 'highcharts';
import 'highcharts/highcharts-more';
import { useMemo, type Ref } from 'react';
import { Chart, type ChartHandle } from './Chart';

export { enpsBubbleOptions, type EnpsBubbleGroup } from '@survey/report-slides';

export interface EnpsBubbleChartProps extends EnpsBubbleInput {
  ref?: Ref<ChartHandle>;
}

export function EnpsBubbleChart({ ref, ...props }: EnpsBubbleChartProps) {
  const { groups, bandNames, label, width, height } = props;
  const options = useMemo(
    () => enpsBubbleOptions({ groups, bandNames, label, width, height }),
    [groups, bandNames, label, width, height],
  );
  return <Chart options={options} label={label} ref={ref} />;
}
