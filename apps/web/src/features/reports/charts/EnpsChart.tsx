// eNPS answers 0..10 as columns coloured by their group: detractors (0-6), passives (7-8) and
// promoters (9-10).
import type { Options } from 'highcharts';
import { useMemo, type Ref } from 'react';
import { Chart, type ChartHandle } from './Chart';
import { CHART_COLORS } from './theme';

export interface EnpsAnswerInput {
  score: number;
  count: number;
}

export interface EnpsChartProps {
  answers: EnpsAnswerInput[];
  label: string;
  ref?: Ref<ChartHandle>;
}

/** Spec: 0-6 critics, 7-8 neutral, 9-10 promoters. */
export const ENPS_DETRACTORS_TO = 6;
export const ENPS_PASSIVES_TO = 8;

export function enpsAnswerColor(score: number): string {
  if (score <= ENPS_DETRACTORS_TO) return CHART_COLORS.orange;
  if (score <= ENPS_PASSIVES_TO) return CHART_COLORS.grey;
  return CHART_COLORS.blue;
}

export function enpsOptions(answers: EnpsAnswerInput[], seriesName: string): Options {
  const sorted = [...answers].sort((a, b) => a.score - b.score);
  return {
    chart: { type: 'column', height: 300 },
    xAxis: { categories: sorted.map((answer) => String(answer.score)) },
    yAxis: { min: 0, allowDecimals: false, title: { text: undefined } },
    legend: { enabled: false },
    plotOptions: { column: { dataLabels: { enabled: true } } },
    series: [
      {
        type: 'column',
        name: seriesName,
        data: sorted.map((answer) => ({ y: answer.count, color: enpsAnswerColor(answer.score) })),
      },
    ],
  };
}

export function EnpsChart({ answers, label, ref }: EnpsChartProps) {
  const options = useMemo(() => enpsOptions(answers, label), [answers, label]);
  return <Chart options={options} label={label} ref={ref} />;
}
