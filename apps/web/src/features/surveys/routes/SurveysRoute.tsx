// /surveys (Admin): surveys 10 per page, newest first unless a header says otherwise; choosing the
// same column again toggles the direction, a new column starts ascending. Search waits 500 ms.
import { Anchor, Button, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useSurveysRoute_SurveysQuery,
  type SurveysRoute_SurveysQuery,
} from '../../../__generated__/graphql';
import { DataTable, useTableState, type DataTableColumn } from '../../../components/DataTable';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import { SurveyStatusBadge } from '../components/SurveyStatusBadge';
import { formatDay, ORDER_BY, SEARCH_DEBOUNCE_MS, SURVEYS_PAGE_SIZE } from '../surveyRules';

type Row = SurveysRoute_SurveysQuery['surveys']['records'][number];

export function SurveysRoute() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  usePageTitle(t('surveys.title'));
  const table = useTableState({
    defaultSort: { by: 'created', direction: 'DESC' },
    pageSize: SURVEYS_PAGE_SIZE,
  });
  const [search] = useDebouncedValue(table.filter.trim(), SEARCH_DEBOUNCE_MS);
  const { data, previousData, loading, error } = useSurveysRoute_SurveysQuery({
    variables: {
      skip: table.skip,
      take: table.pageSize,
      search: search || undefined,
      // A date typed in the search (5.3.2024) is a day where the user is.
      timeZone: search ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined,
      orderBy: ORDER_BY[table.sort.by] ?? 'CREATED',
      direction: table.sort.direction,
    },
    fetchPolicy: 'cache-and-network',
  });
  const surveys = (data ?? previousData)?.surveys;

  const columns: DataTableColumn<Row>[] = [
    {
      key: 'name',
      header: t('surveys.columns.name'),
      cell: (row) => row.name,
      sortable: true,
    },
    {
      key: 'company',
      header: t('surveys.columns.company'),
      cell: (row) => row.company?.name ?? '',
    },
    {
      key: 'status',
      header: t('surveys.columns.status'),
      cell: (row) => <SurveyStatusBadge survey={row} />,
    },
    {
      key: 'created',
      header: t('surveys.columns.created'),
      cell: (row) => formatDay(row.created),
      sortable: true,
    },
    {
      key: 'invitesSent',
      header: t('surveys.columns.invitesSent'),
      cell: (row) => formatDay(row.invitesSent),
      sortable: true,
    },
    {
      key: 'finished',
      // The end date, past or planned: the status column tells which.
      header: t('surveys.columns.finished'),
      cell: (row) => formatDay(row.finished),
      sortable: true,
    },
    {
      key: 'actions',
      header: t('surveys.columns.actions'),
      cell: (row) => (
        <Anchor
          component={Link}
          to={getHref(paths.surveyDetails, { id: row.id })}
          aria-label={t('surveys.openLabel', { name: row.name })}
        >
          {t('surveys.open')}
        </Anchor>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={1}>{t('surveys.title')}</Title>
      {error && <ErrorAlert message={errorMessage(error)} />}
      <DataTable
        label={t('surveys.tableLabel')}
        columns={columns}
        rows={surveys?.records ?? []}
        rowKey={(row) => row.id}
        totalRecords={surveys?.totalRecords ?? 0}
        state={table}
        filterLabel={t('surveys.search')}
        loading={loading}
        emptyText={t('surveys.empty')}
        actions={
          <Button component={Link} to={paths.surveyCreate}>
            {t('surveys.create.link')}
          </Button>
        }
      />
    </Stack>
  );
}

export { SurveysRoute as Component };
