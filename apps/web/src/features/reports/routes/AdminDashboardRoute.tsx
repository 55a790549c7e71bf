// /Admindashboard (Admin): the top-20 lists of ended surveys by eNPS, S-index and L-index, each for the
// current year or all time, and the surveys whose end date is still ahead (5 per page).
import {
  Anchor,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useAdminDashboardRouteQuery,
  type AdminDashboardRoute_ListsFragment,
  type AdminDashboardRouteQuery,
} from '../../../__generated__/graphql';
import { DataTable, useTableState, type DataTableColumn } from '../../../components/DataTable';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/usePageTitle';
import { formatDay } from '../dashboard/dashboardRules';
import { formatEnps, formatIndex, NO_VALUE, truncateName } from '../format';

/** Spec section 9: the ending-surveys table shows 5 rows per page. */
export const ENDING_SURVEYS_PAGE_SIZE = 5;

type Period = 'currentYear' | 'allTime';
type EndingSurvey = AdminDashboardRouteQuery['endingSurveys'][number];

export function AdminDashboardRoute() {
  const { t } = useTranslation('report');
  const message = useErrorMessage();
  usePageTitle(t('console.adminDashboard.title'));
  const { data, loading, error } = useAdminDashboardRouteQuery({ errorPolicy: 'all' });
  const rollups = data?.topRollups;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('console.adminDashboard.title')}</Title>
      <ErrorAlert message={error ? message(error) : null} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <TopList
          id="enps"
          title={t('console.adminDashboard.top.enps')}
          lists={rollups?.enps}
          loading={loading}
          format={formatEnps}
        />
        <TopList
          id="sindex"
          title={t('console.adminDashboard.top.sIndex')}
          lists={rollups?.sIndex}
          loading={loading}
          format={formatIndex}
        />
        <TopList
          id="lindex"
          title={t('console.adminDashboard.top.lIndex')}
          lists={rollups?.lIndex}
          loading={loading}
          format={formatIndex}
        />
      </SimpleGrid>
      <EndingSurveys surveys={data?.endingSurveys} loading={loading} />
    </Stack>
  );
}

function TopList(props: {
  id: string;
  title: string;
  lists: AdminDashboardRoute_ListsFragment | undefined;
  loading: boolean;
  format: (value: number) => string;
}) {
  const { t } = useTranslation('report');
  const [period, setPeriod] = useState<Period>('currentYear');
  const threshold = useSession().configuration.anonymityThreshold;
  const rows = props.lists?.[period] ?? [];
  return (
    <Paper withBorder p="md" radius="md" data-testid={`top-${props.id}`}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        <SegmentedControl
          aria-label={t('console.adminDashboard.top.period')}
          value={period}
          onChange={(value) => setPeriod(value === 'allTime' ? 'allTime' : 'currentYear')}
          data={[
            { value: 'currentYear', label: t('console.adminDashboard.top.currentYear') },
            { value: 'allTime', label: t('console.adminDashboard.top.allTime') },
          ]}
          fullWidth
        />
        {props.loading ? (
          <Text c="dimmed">{t('console.common.loading')}</Text>
        ) : rows.length === 0 ? (
          // Not a bare dash: why the list is empty (no survey of the period has ended with enough
          // respondents to rank).
          <Text c="dimmed" size="sm" data-testid={`top-${props.id}-empty`}>
            {t(`console.adminDashboard.top.empty.${period}`, { threshold })}
          </Text>
        ) : (
          <Table striped aria-label={props.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">#</Table.Th>
                <Table.Th scope="col">{t('console.adminDashboard.top.survey')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('console.adminDashboard.top.value')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={row.surveyId}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{truncateName(row.surveyName)}</Text>
                    <Text size="xs" c="dimmed">
                      {truncateName(row.companyName)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{props.format(row.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

function EndingSurveys({
  surveys,
  loading,
}: {
  surveys: EndingSurvey[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('report');
  // Only paging: the list comes soonest end first and is short, so no filter or sort is offered.
  const { page, pageSize, setPage, skip } = useTableState({
    defaultSort: { by: 'finished', direction: 'ASC' },
    pageSize: ENDING_SURVEYS_PAGE_SIZE,
  });
  const all = surveys ?? [];
  const rows = all.slice(skip, skip + pageSize);
  const columns: DataTableColumn<EndingSurvey>[] = [
    {
      key: 'company',
      header: t('console.adminDashboard.ending.company'),
      cell: (row) => row.company?.name ?? NO_VALUE,
    },
    { key: 'name', header: t('console.adminDashboard.ending.survey'), cell: (row) => row.name },
    {
      key: 'answered',
      header: t('console.adminDashboard.ending.answered'),
      cell: (row) => `${row.finishedCount} / ${row.participantCount}`,
      align: 'right',
    },
    {
      key: 'start',
      header: t('console.adminDashboard.ending.start'),
      cell: (row) => formatDay(row.invitesSent) || NO_VALUE,
    },
    {
      key: 'finished',
      header: t('console.adminDashboard.ending.end'),
      cell: (row) => formatDay(row.finished) || NO_VALUE,
    },
    {
      key: 'edit',
      header: t('console.adminDashboard.ending.edit'),
      cell: (row) => (
        <Anchor
          component={Link}
          to={getHref(paths.surveyDetails, { id: row.id })}
          aria-label={t('console.adminDashboard.ending.editSurvey', { name: row.name })}
        >
          {t('console.adminDashboard.ending.edit')}
        </Anchor>
      ),
    },
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('console.adminDashboard.ending.title')}
        </Title>
        <DataTable
          label={t('console.adminDashboard.ending.title')}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          totalRecords={all.length}
          state={{ page, pageSize, setPage }}
          loading={loading}
          emptyText={t('console.adminDashboard.ending.empty')}
        />
      </Stack>
    </Paper>
  );
}

export { AdminDashboardRoute as Component };
