// /companies (Admin): the company list, 10 per page, filterable, by name unless told otherwise. Page,
// filter and sort live as long as the screen, so leaving it resets them.
import { ActionIcon, Anchor, Button, Group, Stack, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { toastFailure, toastSuccess } from '../../../lib/toasts';
import { IconHierarchy2, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useCompaniesRoute_CompaniesQuery,
  useCompaniesRoute_DeleteMutation,
  type CompaniesRoute_CompaniesQuery,
  type CompanyOrderField,
} from '../../../__generated__/graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, useTableState, type DataTableColumn } from '../../../components/DataTable';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useOptionLabels } from '../components/optionLabels';

type CompanyRow = CompaniesRoute_CompaniesQuery['companies']['records'][number];

const ORDER_FIELDS: Record<string, CompanyOrderField> = {
  name: 'NAME',
  industry: 'INDUSTRY',
  size: 'SIZE',
};
const FILTER_DEBOUNCE_MS = 300;

export function CompaniesRoute() {
  const { t } = useTranslation();
  usePageTitle(t('companies.list.title'));
  const errorMessage = useErrorMessage();
  const { industryLabel, sizeLabel } = useOptionLabels();
  const table = useTableState({ defaultSort: { by: 'name', direction: 'ASC' } });
  const [filter] = useDebouncedValue(table.filter.trim(), FILTER_DEBOUNCE_MS);
  const [deleting, setDeleting] = useState<CompanyRow | null>(null);

  const { data, previousData, loading, error, refetch } = useCompaniesRoute_CompaniesQuery({
    variables: {
      skip: table.skip,
      take: table.pageSize,
      filter: filter || undefined,
      order: { by: ORDER_FIELDS[table.sort.by] ?? 'NAME', direction: table.sort.direction },
    },
    fetchPolicy: 'cache-and-network',
  });
  const [deleteCompany, deletion] = useCompaniesRoute_DeleteMutation();
  const page = (data ?? previousData)?.companies;

  const confirmDelete = async () => {
    if (!deleting) return;
    const { name } = deleting;
    try {
      const result = await deleteCompany({ variables: { id: deleting.id } });
      if (!result.data?.deleteCompany.ok) throw new Error(t('companies.list.deleteFailed'));
      toastSuccess(t('companies.list.deleted', { name }));
      setDeleting(null);
      await refetch();
    } catch (failure) {
      toastFailure(t('companies.list.deleteFailed'), errorMessage(failure));
      setDeleting(null);
    }
  };

  const columns: DataTableColumn<CompanyRow>[] = [
    {
      key: 'name',
      header: t('companies.list.name'),
      sortable: true,
      cell: (company) => (
        <Anchor component={Link} to={getHref(paths.companyEdit, { id: company.id })}>
          {company.name}
        </Anchor>
      ),
    },
    {
      key: 'industry',
      header: t('companies.list.industry'),
      sortable: true,
      cell: (company) => (company.industry ? industryLabel(company.industry) : ''),
    },
    {
      key: 'size',
      header: t('companies.list.size'),
      sortable: true,
      cell: (company) => (company.size ? sizeLabel(company.size) : ''),
    },
    {
      key: 'actions',
      header: t('companies.list.actions'),
      width: 150,
      align: 'right',
      cell: (company) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Tooltip label={t('companies.units.manage')}>
            <ActionIcon
              component={Link}
              to={getHref(paths.companyUnits, { id: company.id })}
              variant="subtle"
              aria-label={t('companies.units.manageLabel', { name: company.name })}
            >
              <IconHierarchy2 size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('companies.list.edit')}>
            <ActionIcon
              component={Link}
              to={getHref(paths.companyEdit, { id: company.id })}
              variant="subtle"
              aria-label={t('companies.list.editLabel', { name: company.name })}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('companies.list.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => setDeleting(company)}
              aria-label={t('companies.list.deleteLabel', { name: company.name })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={1}>{t('companies.list.title')}</Title>
      <ErrorAlert message={error ? errorMessage(error) : null} />
      <DataTable
        label={t('companies.list.tableLabel')}
        columns={columns}
        rows={page?.records ?? []}
        rowKey={(company) => company.id}
        totalRecords={page?.totalRecords ?? 0}
        state={table}
        filterLabel={t('companies.list.filter')}
        loading={loading}
        emptyText={t('companies.list.empty')}
        actions={
          <Button
            component={Link}
            to={paths.companyCreate}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('companies.list.create')}
          </Button>
        }
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('companies.list.deleteTitle')}
        confirmLabel={t('companies.list.deleteConfirm')}
        danger
        loading={deletion.loading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {t('companies.list.deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

export { CompaniesRoute as Component };
