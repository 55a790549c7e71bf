// Index by background variable (spec section 2): the L-index of each group of one chosen breakdown,
// as means or as spread in bands; names cut to 50 characters; the chart 50 px per group; SVG export.
import { Group, Select } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLIndexGroupedRouteQuery } from '../../../__generated__/graphql';
import type { ChartHandle } from '../charts/Chart';
import { exportChartSvg } from '../charts/exportChartSvg';
import { RealizationBarChart } from '../charts/RealizationBarChart';
import { SpreadBarChart } from '../charts/SpreadBarChart';
import { ReportPage } from '../components/ReportPage';
import {
  chartNames,
  groupedChartHeight,
  splitSuppressed,
  spreadStacks,
} from '../indexes/chartRules';
import { GroupNotes } from '../indexes/GroupNotes';
import { SpreadToggle } from '../indexes/SpreadToggle';
import { groupedReportVariables, useGroupingOptions } from '../tables/groupingChoices';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';
import { useReportRead } from '../useReportRead';
import { tileTitleKey } from '../landing';

export function LIndexGroupedRoute() {
  const { t } = useTranslation('report');
  const { filters, sets, ready, search, update } = useReportQuery();
  const language = useReportLanguage(filters);
  const [withSpread, setWithSpread] = useState(false);
  const chart = useRef<ChartHandle>(null);
  const variables = groupedReportVariables(filters, sets, language);
  const { groupBy } = variables;
  const { data, previousData, loading, error, refetch } = useLIndexGroupedRouteQuery({
    variables,
    skip: !ready,
  });
  const read = useReportRead({ loading, error, refetch });
  // While another breakdown loads, the choices stay those already shown (the same survey's).
  const options = useGroupingOptions(
    (data ?? previousData)?.reportFilterChoices,
    variables.withChoices,
  );
  const report = data?.report?.lIndexBy;
  const { shown } = splitSuppressed(report?.groups ?? []);
  const categories = chartNames(shown.map((group) => group.name));
  const height = groupedChartHeight(shown.length);
  const title = t(tileTitleKey('lIndexGrouped'));
  return (
    <ReportPage
      title={title}
      description={report?.subtitle}
      search={search}
      exportKind="svg"
      onExport={shown.length > 0 ? () => exportChartSvg(chart.current, title) : undefined}
      loading={loading}
      error={read.error}
      preparing={read.preparing}
      top={
        <Group align="flex-end">
          <Select
            label={t('console.charts.grouping')}
            data={options}
            value={groupBy}
            onChange={(value) => {
              const option = options.find((entry) => entry.value === value);
              if (option) update({ groupBy: option.value });
            }}
            allowDeselect={false}
            w={280}
          />
          <SpreadToggle value={withSpread} onChange={setWithSpread} />
        </Group>
      }
    >
      {shown.length > 0 &&
        (withSpread ? (
          <SpreadBarChart
            ref={chart}
            categories={categories}
            stacks={spreadStacks([
              { name: t('console.charts.lIndex'), spreads: shown.map((group) => group.spread) },
            ])}
            height={height}
            label={t('console.charts.spreadLabel', { title })}
          />
        ) : (
          <RealizationBarChart
            ref={chart}
            categories={categories}
            series={[
              { name: t('console.charts.lIndex'), values: shown.map((group) => group.lIndex) },
            ]}
            height={height}
            label={t('console.charts.barsLabel', { title })}
          />
        ))}
      <GroupNotes
        valueLabel={t('console.charts.lIndex')}
        groups={(report?.groups ?? []).map((group) => ({ ...group, value: group.lIndex }))}
      />
    </ReportPage>
  );
}

export { LIndexGroupedRoute as Component };
