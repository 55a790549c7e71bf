// The body shared by the realization pages (top 10 and by variable): means as bars or spread in
// bands of the first two datasets, suppressed datasets named instead of drawn; SVG export.
import { Box, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartHandle } from '../charts/Chart';
import { exportChartSvg } from '../charts/exportChartSvg';
import { RealizationBarChart } from '../charts/RealizationBarChart';
import { SpreadBarChart } from '../charts/SpreadBarChart';
import { ReportPage } from '../components/ReportPage';
import type { ReportQuery } from '../useReportQuery';
import { realizationChartData, type NamedGroup } from './chartRules';
import { GroupNotes } from './GroupNotes';
import { SpreadToggle } from './SpreadToggle';

interface RealizationReport {
  subtitle: string;
  datasets: readonly (NamedGroup & { participants: number | null })[];
  criteria: Parameters<typeof realizationChartData>[1];
}

interface RealizationsPageProps {
  title: string;
  query: ReportQuery;
  report: RealizationReport | null | undefined;
  /** Chart size; omitted: the chart's own (grows with the criteria). */
  size?: { width: number; height: number };
  loading: boolean;
  error: string | null;
  /** The survey's results are being prepared (useReportRead). */
  preparing: boolean;
  /** A control beside the spread toggle (the by-variable page's breakdown). */
  chooser?: ReactNode;
}

export function RealizationsPage({
  title,
  query,
  report,
  size,
  loading,
  error,
  preparing,
  chooser,
}: RealizationsPageProps) {
  const { t } = useTranslation('report');
  const [withSpread, setWithSpread] = useState(false);
  // The spec's fixed size only where it fits: on a narrower screen (a phone) the chart takes the
  // width it has, so every bar, value and tick is on screen instead of off its right edge.
  const fits = useMediaQuery(`(min-width: ${(size?.width ?? 0) + 120}px)`) ?? false;
  const width = size && fits ? size.width : undefined;
  const chart = useRef<ChartHandle>(null);
  const datasets = (report?.datasets ?? []).slice(0, 2);
  const { categories, series, stacks } = realizationChartData(datasets, report?.criteria ?? []);
  const drawable = categories.length > 0 && series.length > 0;
  return (
    <ReportPage
      title={title}
      description={report?.subtitle}
      search={query.search}
      exportKind="svg"
      onExport={drawable ? () => exportChartSvg(chart.current, title) : undefined}
      loading={loading}
      error={error}
      preparing={preparing}
      top={
        <Group align="flex-end">
          {chooser}
          <SpreadToggle value={withSpread} onChange={setWithSpread} />
        </Group>
      }
    >
      {drawable && (
        <Box style={{ overflowX: 'auto' }}>
          {withSpread ? (
            <SpreadBarChart
              ref={chart}
              categories={categories}
              stacks={stacks}
              width={width}
              height={
                size ? Math.max(size.height, categories.length * stacks.length * 30) : undefined
              }
              label={t('console.charts.spreadLabel', { title })}
            />
          ) : (
            <RealizationBarChart
              ref={chart}
              categories={categories}
              series={series}
              width={width}
              height={size?.height}
              label={t('console.charts.barsLabel', { title })}
            />
          )}
        </Box>
      )}
      <GroupNotes groups={datasets} />
    </ReportPage>
  );
}
