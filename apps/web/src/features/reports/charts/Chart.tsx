// The one Highcharts component: the shared theme under the chart kind's options, and a handle for
// the SVG export. Highcharts is imported only from here and the chart kinds, so it loads with the
// report and dashboard routes and never on /login.
import Highcharts, { type Options } from 'highcharts';
import 'highcharts/modules/accessibility';
import 'highcharts/modules/exporting';
// The named export: the package is a UMD bundle whose default import bundlers hand over as the
// module object ({ HighchartsReact, default }), which React cannot render.
import { HighchartsReact, type HighchartsReactRefObject } from 'highcharts-react-official';
import { useMemo, type Ref } from 'react';
import { useChartLang } from './chartLang';
import { baseChartOptions } from './theme';

export type ChartHandle = HighchartsReactRefObject;

export interface ChartProps {
  options: Options;
  /** Gives the page the chart for `exportChartSvg`. */
  ref?: Ref<ChartHandle>;
  /** Names the chart for screen readers. */
  label: string;
}

export function Chart({ options, ref, label }: ChartProps) {
  const lang = useChartLang();
  const merged = useMemo(
    () => Highcharts.merge(baseChartOptions, { lang }, options),
    [lang, options],
  );
  // The figure wraps the container: Highcharts' accessibility module sets its own role and label on
  // the container itself.
  return (
    <div role="figure" aria-label={label}>
      <HighchartsReact ref={ref} highcharts={Highcharts} options={merged} />
    </div>
  );
}
