// Spread as stacked horizontal bars: the options are shared with the server's package charts
// (packages/report-slides); this is the browser's component.
import { spreadBarOptions, type SpreadStack } from '@survey/report-slides';
import { useMemo, type Ref } from 'react';
import { Chart, type ChartHandle } from './Chart';

export {
  SPREAD_COLORS,
  spreadBarOptions,
  type SpreadBandSeries,
  type SpreadStack,
} from '@survey/report-slides';

export interface SpreadBarChartProps {
  categories: string[];
  stacks: SpreadStack[];
  label: string;
  ref?: Ref<ChartHandle>;
  height?: number;
  width?: number;
}

export function SpreadBarChart({
  categories,
  stacks,
  label,
  ref,
  height,
  width,
}: SpreadBarChartProps) {
  const options = useMemo(
    () => spreadBarOptions(categories, stacks, { height, width }),
    [categories, stacks, height, width],
  );
  return <Chart options={options} label={label} ref={ref} />;
}
