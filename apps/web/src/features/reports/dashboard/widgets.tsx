// The dashboard's widgets, each a Widget card over its part of the one DashboardWidgets answer.
// Values are rounded for display only; a suppressed group shows the note, never zeros.
import { Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DashboardWidgetsQuery } from '../../../__generated__/graphql';
import { EnpsChart } from '../charts/EnpsChart';
import { HistogramChart, LINDEX_THRESHOLDS } from '../charts/HistogramChart';
import { RealizationBarChart } from '../charts/RealizationBarChart';
import { TrendChart } from '../charts/TrendChart';
import { SuppressedNote } from '../components/SuppressedNote';
import { formatEnps, formatIndex, formatShare, truncateName } from '../format';
import type { SurveyStatus } from './dashboardRules';
import { Widget } from './Widget';

type Report = NonNullable<DashboardWidgetsQuery['report']>;

interface Read<T> {
  data: T | null | undefined;
  loading: boolean;
  error: string | null;
}

/** A big figure with a caption, the headline of a widget. */
function Figure({ value, caption }: { value: string; caption: string }) {
  return (
    <Group gap="xs" align="baseline">
      <Text fz={32} fw={700} lh={1}>
        {value}
      </Text>
      <Text c="dimmed" size="sm">
        {caption}
      </Text>
    </Group>
  );
}

export function LIndexWidget({ data, loading, error }: Read<Report['lIndex']>) {
  const { t } = useTranslation('report');
  const group = data?.groups[0];
  return (
    <Widget
      title={t('console.dashboard.lIndex.title')}
      testId="widget-lindex"
      loading={loading}
      error={error}
      empty={!group}
    >
      {() =>
        !group || group.suppressed || !group.bins ? (
          <SuppressedNote name={group?.name} reason={group?.suppressedBecause} />
        ) : (
          <Stack gap="xs">
            <Figure
              value={formatIndex(group.average)}
              caption={t('console.dashboard.respondents', { count: group.participants ?? 0 })}
            />
            <HistogramChart
              groups={[group]}
              thresholds={LINDEX_THRESHOLDS}
              label={t('console.dashboard.lIndex.title')}
              height={260}
            />
          </Stack>
        )
      }
    </Widget>
  );
}

export function TrendWidget({ data, loading, error }: Read<DashboardWidgetsQuery['lIndexTrend']>) {
  const { t } = useTranslation('report');
  const points = (data ?? []).map((point) => ({
    name: truncateName(point.name, 30),
    value: point.suppressed ? null : (point.lIndex ?? null),
    tracking: point.tracking,
  }));
  return (
    <Widget
      title={t('console.dashboard.trend.title')}
      testId="widget-trend"
      loading={loading}
      error={error}
      empty={points.length === 0}
    >
      {() => <TrendChart points={points} label={t('console.dashboard.trend.title')} height={260} />}
    </Widget>
  );
}

export function EnpsWidget({ data, loading, error }: Read<Report['enps']>) {
  const { t } = useTranslation('report');
  const group = data?.groups[0];
  return (
    <Widget
      title={t('console.dashboard.enps.title')}
      testId="widget-enps"
      loading={loading}
      error={error}
      empty={!group}
    >
      {() =>
        !group || group.suppressed || !group.answers ? (
          <SuppressedNote name={group?.name} reason={group?.suppressedBecause} />
        ) : (
          <Stack gap="xs">
            <Figure
              value={formatEnps(group.score)}
              caption={t('console.dashboard.respondents', { count: group.participants ?? 0 })}
            />
            <Text size="sm">
              {t('console.dashboard.enps.shares', {
                detractors: formatShare(group.detractors),
                passives: formatShare(group.passives),
                promoters: formatShare(group.promoters),
              })}
            </Text>
            <EnpsChart answers={group.answers} label={t('console.dashboard.enps.title')} />
          </Stack>
        )
      }
    </Widget>
  );
}

export function RealizationWidget({ data, loading, error }: Read<Report['realizations']>) {
  const { t } = useTranslation('report');
  const criteria = data?.criteria ?? [];
  const dataset = data?.datasets[0];
  return (
    <Widget
      title={t('console.dashboard.realizations.title')}
      testId="widget-realizations"
      loading={loading}
      error={error}
      empty={criteria.length === 0 && !dataset?.suppressed}
    >
      {() =>
        dataset?.suppressed || criteria.length === 0 ? (
          <SuppressedNote name={dataset?.name} reason={dataset?.suppressedBecause} />
        ) : (
          <RealizationBarChart
            categories={criteria.map((entry) => truncateName(entry.criterion.name))}
            series={[
              {
                name: dataset?.name ?? '',
                values: criteria.map((entry) => entry.realizations[0]?.value ?? null),
              },
            ]}
            label={t('console.dashboard.realizations.title')}
          />
        )
      }
    </Widget>
  );
}

export function ResponseActivityWidget({
  data,
  loading,
  error,
  status,
  units,
}: Read<DashboardWidgetsQuery['responseActivity']> & {
  status: SurveyStatus | null;
  /** The unit filter: only these units' rows (and the whole company) are listed; empty: all. */
  units: readonly string[];
}) {
  const { t } = useTranslation('report');
  const rows = (data?.byUnits ?? []).filter(
    (row) => row.wholeCompany || units.length === 0 || units.includes(row.unitId),
  );
  return (
    <Widget
      title={t('console.dashboard.responses.title')}
      testId="widget-responses"
      loading={loading}
      error={error}
      empty={!data || data.count === 0}
    >
      {() => (
        <Stack gap="sm">
          {status && <SurveyStatusText status={status} />}
          <Figure
            value={formatShare(
              data && data.count > 0 ? (100 * data.finishedCount) / data.count : null,
            )}
            caption={t('console.dashboard.responses.answered', {
              finished: data?.finishedCount ?? 0,
              count: data?.count ?? 0,
            })}
          />
          <Table.ScrollContainer
            minWidth={300}
            mah={320}
            scrollAreaProps={{
              viewportProps: {
                tabIndex: 0,
                role: 'region',
                'aria-label': t('console.dashboard.responses.byUnits'),
              },
            }}
          >
            <Table striped aria-label={t('console.dashboard.responses.byUnits')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('console.dashboard.responses.unit')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('console.dashboard.responses.answeredColumn')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('console.dashboard.responses.rate')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.unitId}>
                    <Table.Td fw={row.wholeCompany ? 600 : undefined}>
                      {truncateName(row.name)}
                    </Table.Td>
                    <Table.Td ta="right">{`${row.finished} / ${row.count}`}</Table.Td>
                    <Table.Td ta="right">{formatShare(row.responsePercentage)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Widget>
  );
}

export function SurveyStatusText({ status }: { status: SurveyStatus }) {
  const { t } = useTranslation('report');
  const text =
    status.kind === 'endsToday'
      ? t('console.dashboard.status.endsToday', { end: status.end })
      : status.kind === 'open'
        ? t('console.dashboard.status.open', { count: status.daysLeft, end: status.end })
        : t('console.dashboard.status.ended', { start: status.start, end: status.end });
  return (
    <Text size="sm" data-testid="survey-status">
      {text}
    </Text>
  );
}

export function ChangeJobWidget({ data, loading, error }: Read<Report['changeJobWillingness']>) {
  const { t } = useTranslation('report');
  return (
    <Widget
      title={t('console.dashboard.changeJob.title')}
      testId="widget-changejob"
      loading={loading}
      error={error}
      empty={!data}
    >
      {() =>
        !data || data.suppressed ? (
          <SuppressedNote reason={data?.suppressedBecause} />
        ) : (
          <Stack gap="xs">
            <Figure
              value={formatShare(data.share)}
              caption={t('console.dashboard.changeJob.willing', {
                willing: data.willing ?? 0,
                count: data.participants ?? 0,
              })}
            />
          </Stack>
        )
      }
    </Widget>
  );
}
