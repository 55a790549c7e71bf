// eNPS (spec section 2): up to two sets, each with its answers 0..10 as a bar chart and its score;
// the first set's change against the second with a green arrow up or a red arrow down; SVG export
// (one file per chart).
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnpsRouteQuery, type EnpsRouteQuery } from '../../../__generated__/graphql';
import type { ChartHandle } from '../charts/Chart';
import { EnpsChart } from '../charts/EnpsChart';
import { exportChartSvg } from '../charts/exportChartSvg';
import { ReportPage } from '../components/ReportPage';
import { SuppressedNote } from '../components/SuppressedNote';
import { formatEnps, formatShare } from '../format';
import { EnpsDelta } from '../indexes/EnpsDelta';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';
import { useReportRead } from '../useReportRead';
import { tileTitleKey } from '../landing';

type EnpsGroup = NonNullable<NonNullable<EnpsRouteQuery['report']>['enps']>['groups'][number];

/** Spec: up to 2 sets. */
const MAX_ENPS_SETS = 2;

export function EnpsRoute() {
  const { t } = useTranslation('report');
  const query = useReportQuery();
  const language = useReportLanguage(query.filters);
  const charts = useRef<(ChartHandle | null)[]>([]);
  const { data, loading, error, refetch } = useEnpsRouteQuery({
    variables: { sets: query.sets, language, groupBy: query.filters.groupBy },
    skip: !query.ready,
  });
  const read = useReportRead({ loading, error, refetch });
  const report = data?.report?.enps;
  const groups = (report?.groups ?? []).slice(0, MAX_ENPS_SETS);
  const title = t(tileTitleKey('enps'));
  const exportAll = async () => {
    for (const [index, group] of groups.entries()) {
      const handle = charts.current[index];
      if (handle && !group.suppressed) await exportChartSvg(handle, `${title} ${group.name}`);
    }
  };
  return (
    <ReportPage
      title={title}
      description={report?.subtitle}
      search={query.search}
      exportKind="svg"
      onExport={groups.some((group) => !group.suppressed) ? exportAll : undefined}
      loading={loading}
      error={read.error}
      preparing={read.preparing}
    >
      <SimpleGrid cols={{ base: 1, md: groups.length > 1 ? 2 : 1 }} spacing="xl">
        {groups.map((group, index) => (
          <EnpsSet
            key={`${index}-${group.name}`}
            group={group}
            other={index === 0 ? groups[1] : undefined}
            chartRef={(handle) => {
              charts.current[index] = handle;
            }}
          />
        ))}
      </SimpleGrid>
    </ReportPage>
  );
}

interface EnpsSetProps {
  group: EnpsGroup;
  /** The set the first one is compared with (its delta); none for the second set. */
  other: EnpsGroup | undefined;
  chartRef: (handle: ChartHandle | null) => void;
}

function EnpsSet({ group, other, chartRef }: EnpsSetProps) {
  const { t } = useTranslation('report');
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {group.name}
      </Title>
      {group.suppressed || !group.answers ? (
        <SuppressedNote name={group.name} reason={group.suppressedBecause} />
      ) : (
        <>
          <Group gap="md" align="center">
            <Text size="xl" fw={700}>
              {t('console.charts.enps.score', { value: formatEnps(group.score) })}
            </Text>
            {other && !other.suppressed && (
              <EnpsDelta score={group.score} other={other.score} otherName={other.name} />
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('console.charts.enps.shares', {
              detractors: formatShare(group.detractors),
              passives: formatShare(group.passives),
              promoters: formatShare(group.promoters),
            })}
          </Text>
          <EnpsChart
            ref={chartRef}
            answers={group.answers}
            label={t('console.charts.enps.chartLabel', { name: group.name })}
          />
        </>
      )}
    </Stack>
  );
}

export { EnpsRoute as Component };
