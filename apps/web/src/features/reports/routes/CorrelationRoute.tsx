// Correlation map (spec section 2): the criteria's correlation matrix as a heat map (1 to -1), the
// hovered cell's row and column labels highlighted, view 1000x900; SVG export.
import { Box, Group, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCorrelationRouteQuery } from '../../../__generated__/graphql';
import type { ChartHandle } from '../charts/Chart';
import { exportChartSvg } from '../charts/exportChartSvg';
import { HeatmapChart } from '../charts/HeatmapChart';
import { ReportPage } from '../components/ReportPage';
import { SuppressedNote } from '../components/SuppressedNote';
import { GroupNotes } from '../indexes/GroupNotes';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';
import { useReportRead } from '../useReportRead';
import { tileTitleKey } from '../landing';

export function CorrelationRoute() {
  const { t } = useTranslation('report');
  const query = useReportQuery();
  const language = useReportLanguage(query.filters);
  const chart = useRef<ChartHandle>(null);
  const { data, loading, error, refetch } = useCorrelationRouteQuery({
    variables: { sets: query.sets.slice(0, 1), language },
    skip: !query.ready,
  });
  const read = useReportRead({ loading, error, refetch });
  const matrix = data?.report?.correlations;
  const title = t(tileTitleKey('correlation'));
  const rows = matrix && !matrix.suppressed ? matrix.rows : null;
  return (
    <ReportPage
      title={title}
      description={matrix?.subtitle}
      search={query.search}
      exportKind="svg"
      onExport={rows ? () => exportChartSvg(chart.current, title) : undefined}
      loading={loading}
      error={read.error}
      preparing={read.preparing}
    >
      <Text size="sm" mb="xs">
        {t('console.charts.correlation.explained')}
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {t('console.charts.correlation.howToRead')}
      </Text>
      {matrix && rows && (
        // The 1000 px map is wider than a phone: say that it scrolls.
        <Group gap={4} hiddenFrom="lg" mb="xs" data-testid="chart-scroll-hint">
          <IconArrowsHorizontal size={16} aria-hidden />
          <Text size="sm" c="dimmed">
            {t('console.charts.scrollHint')}
          </Text>
        </Group>
      )}
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
        matrix && <SuppressedNote name={matrix.name} reason={matrix.suppressedBecause} />
      )}
      {matrix && !matrix.suppressed && <GroupNotes groups={[matrix]} />}
    </ReportPage>
  );
}

export { CorrelationRoute as Component };
