// Correlation map (spec section 2): the criteria's correlation matrix as a heat map (1 to -1), the
// hovered cell's row and column labels highlighted, view 1000x900; SVG export.
import { Box, Text } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCorrelationRouteQuery } from '../../../__generated__/graphql';
import { useErrorMessage } from '../../../lib/errors';
import type { ChartHandle } from '../charts/Chart';
import { exportChartSvg } from '../charts/exportChartSvg';
import { HeatmapChart } from '../charts/HeatmapChart';
import { ReportPage } from '../components/ReportPage';
import { SuppressedNote } from '../components/SuppressedNote';
import { GroupNotes } from '../indexes/GroupNotes';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';

export function CorrelationRoute() {
  const { t } = useTranslation('report');
  const message = useErrorMessage();
  const query = useReportQuery();
  const language = useReportLanguage(query.filters);
  const chart = useRef<ChartHandle>(null);
  const { data, loading, error } = useCorrelationRouteQuery({
    variables: { sets: query.sets.slice(0, 1), language },
    skip: !query.ready,
  });
  const matrix = data?.report?.correlations;
  const title = t('console.charts.correlation.title');
  const rows = matrix && !matrix.suppressed ? matrix.rows : null;
  return (
    <ReportPage
      title={title}
      description={matrix?.subtitle}
      search={query.search}
      exportKind="svg"
      onExport={rows ? () => exportChartSvg(chart.current, title) : undefined}
      loading={loading}
      error={error ? message(error) : null}
    >
      <Text size="sm" mb="sm">
        {t('console.charts.correlation.explained')}
      </Text>
      {matrix && rows ? (
        <Box style={{ overflowX: 'auto' }}>
          <HeatmapChart
            ref={chart}
            names={matrix.criteria.map((criterion) => criterion.name)}
            rows={rows}
            label={t('console.charts.correlation.chartLabel')}
          />
        </Box>
      ) : (
        matrix && <SuppressedNote name={matrix.name} />
      )}
      {matrix && !matrix.suppressed && <GroupNotes groups={[matrix]} />}
    </ReportPage>
  );
}

export { CorrelationRoute as Component };
