// /logs (Admin only): the email delivery log, 50 events per page, newest first, with filters.
import { Badge, Stack, Text, Title, type MantineColor } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLogsRoute_DeliveryLogQuery,
  type DeliveryEvent,
  type LogsRoute_DeliveryLogQuery,
} from '../../../__generated__/graphql';
import { DataTable, type DataTableColumn, type TableSort } from '../../../components/DataTable';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fieldErrorMessage, readApiError, useErrorMessage } from '../../../lib/errors';
import { usePageTitle } from '../../../lib/usePageTitle';
import { LogFilters } from '../components/LogFilters';
import {
  EMPTY_FILTER,
  formatLogDate,
  LOG_PAGE_SIZE,
  toDeliveryLogFilter,
  type LogFilterState,
} from '../logFilter';

type Entry = LogsRoute_DeliveryLogQuery['deliveryLog']['records'][number];

const FAILED: readonly DeliveryEvent[] = [
  'ERROR',
  'SOFT_BOUNCE',
  'HARD_BOUNCE',
  'INVALID_EMAIL',
  'SPAM',
];
/** The log is always newest first. */
const LOG_SORT: TableSort = { by: 'date', direction: 'DESC' };

const eventColor = (event: DeliveryEvent): MantineColor =>
  FAILED.includes(event)
    ? 'red'
    : event === 'DELIVERED'
      ? 'green'
      : event === 'DEFERRED' || event === 'UNSUBSCRIBED'
        ? 'yellow'
        : 'blue';

export function LogsRoute() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  usePageTitle(t('logs.title'));
  const [filter, setFilter] = useState<LogFilterState>(EMPTY_FILTER);
  const [page, setPage] = useState(0);

  const variables = useMemo(
    () => ({
      filter: toDeliveryLogFilter(filter),
      skip: page * LOG_PAGE_SIZE,
      take: LOG_PAGE_SIZE,
    }),
    [filter, page],
  );
  // New variables (a filter or a page) fetch again; the last page stays visible meanwhile.
  const { data, previousData, loading, error } = useLogsRoute_DeliveryLogQuery({
    variables,
    fetchPolicy: 'cache-and-network',
  });
  const log = (data ?? previousData)?.deliveryLog;

  const columns: DataTableColumn<Entry>[] = [
    {
      key: 'date',
      header: t('logs.columns.date'),
      cell: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatLogDate(row.date)}</span>,
      width: 170,
    },
    {
      key: 'event',
      header: t('logs.columns.event'),
      cell: (row) => (
        <Badge color={eventColor(row.event)} variant="light" tt="none">
          {t(`logs.events.${row.event.toLowerCase() as Lowercase<DeliveryEvent>}`)}
        </Badge>
      ),
    },
    { key: 'email', header: t('logs.columns.email'), cell: (row) => row.email },
    { key: 'subject', header: t('logs.columns.subject'), cell: (row) => row.subject },
    {
      key: 'reason',
      header: t('logs.columns.reason'),
      cell: (row) =>
        row.reason ? (
          <Text size="sm" c="red.8" style={{ wordBreak: 'break-word' }}>
            {row.reason}
          </Text>
        ) : null,
    },
  ];

  const problem = error ? readApiError(error) : undefined;
  const message = problem
    ? problem.fieldErrors.length > 0
      ? problem.fieldErrors.map((fieldError) => fieldErrorMessage(fieldError, t)).join(' ')
      : errorMessage(error)
    : null;

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t('logs.title')}</Title>
        <Text c="dimmed">{t('logs.description')}</Text>
      </div>
      <LogFilters
        value={filter}
        onChange={(next) => {
          setFilter(next);
          setPage(0);
        }}
      />
      <ErrorAlert message={message} />
      <DataTable
        label={t('logs.tableLabel')}
        columns={columns}
        rows={log?.records ?? []}
        rowKey={(row) => row.id}
        totalRecords={log?.totalRecords ?? 0}
        state={{ page, pageSize: LOG_PAGE_SIZE, setPage, sort: LOG_SORT }}
        loading={loading}
        emptyText={t('logs.empty')}
      />
    </Stack>
  );
}

export { LogsRoute as Component };
