// /users (Admin, PartnerAdmin, SuperUser): the users the account manages, 10 per page, sorted by
// email unless a header says otherwise, filterable, with an add-user link and an edit link per row.
import { Anchor, Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useUsersRoute_UsersQuery,
  type UserOrderField,
  type UsersRoute_UsersQuery,
} from '../../../__generated__/graphql';
import { DataTable, useTableState, type DataTableColumn } from '../../../components/DataTable';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ImportUsersDialog } from '../components/ImportUsersDialog';
import { mayImportUsers } from '../userImport';

type Row = UsersRoute_UsersQuery['users']['records'][number];

const ORDER_FIELDS: Record<string, UserOrderField> = {
  email: 'EMAIL',
  displayName: 'DISPLAY_NAME',
  role: 'ROLE',
  company: 'COMPANY',
  emailConfirmed: 'EMAIL_CONFIRMED',
};

export const USERS_PAGE_SIZE = 10;
const FILTER_DEBOUNCE_MS = 300;

export function UsersRoute() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  usePageTitle(t('users.title'));
  const { account } = useSession();
  const [importing, setImporting] = useState(false);
  const table = useTableState({
    defaultSort: { by: 'email', direction: 'ASC' },
    pageSize: USERS_PAGE_SIZE,
  });
  const [filter] = useDebouncedValue(table.filter.trim(), FILTER_DEBOUNCE_MS);
  const { data, previousData, loading, error } = useUsersRoute_UsersQuery({
    variables: {
      skip: table.skip,
      take: table.pageSize,
      filter: filter || undefined,
      order: { by: ORDER_FIELDS[table.sort.by] ?? 'EMAIL', direction: table.sort.direction },
    },
    fetchPolicy: 'cache-and-network',
  });
  const users = (data ?? previousData)?.users;

  const columns: DataTableColumn<Row>[] = [
    { key: 'email', header: t('users.columns.email'), cell: (row) => row.email, sortable: true },
    {
      key: 'displayName',
      header: t('users.columns.displayName'),
      cell: (row) => row.displayName,
      sortable: true,
    },
    {
      key: 'role',
      header: t('users.columns.role'),
      cell: (row) => t(`roles.${row.role}`),
      sortable: true,
    },
    {
      key: 'company',
      header: t('users.columns.company'),
      cell: (row) => row.company?.name ?? '',
      sortable: true,
    },
    {
      key: 'emailConfirmed',
      header: t('users.columns.emailConfirmed'),
      cell: (row) =>
        row.emailConfirmed ? (
          <Badge color="green" variant="light" tt="none">
            {t('users.confirmed')}
          </Badge>
        ) : (
          <Badge color="yellow" variant="light" tt="none">
            {t('users.pending')}
          </Badge>
        ),
      sortable: true,
    },
    {
      key: 'actions',
      header: t('users.columns.actions'),
      cell: (row) => (
        <Anchor
          component={Link}
          to={getHref(paths.userEdit, { id: row.id })}
          aria-label={t('users.editLabel', { name: row.displayName })}
        >
          {t('users.edit')}
        </Anchor>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={1}>{t('users.title')}</Title>
      {error && <ErrorAlert message={errorMessage(error)} />}
      <DataTable
        label={t('users.tableLabel')}
        columns={columns}
        rows={users?.records ?? []}
        rowKey={(row) => row.id}
        totalRecords={users?.totalRecords ?? 0}
        state={table}
        loading={loading}
        emptyText={t('users.empty')}
        actions={
          <Group gap="sm">
            <Button component={Link} to={paths.userCreate}>
              {t('users.add')}
            </Button>
            {mayImportUsers(account?.email) && (
              <Button variant="default" onClick={() => setImporting(true)}>
                {t('imports.users.button')}
              </Button>
            )}
          </Group>
        }
      />
      <ImportUsersDialog opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}

export { UsersRoute as Component };
