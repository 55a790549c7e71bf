// The one table of the console: a Mantine Table with sortable headers, a filter input, loading and
// empty states, and a paginator (first, previous, next, last) whose page is clamped to the rows there
// are. Paging, sorting and filtering happen where the data comes from (usually the server): the table
// only reports what the user chose. Keep its state with `useTableState` and pass it as `state`.
import {
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataCards } from './DataCards';
import { clampPage, pageCount, type TableState } from './tableState';

export interface DataTableColumn<Row> {
  /** Identifies the column; also the sort key reported to `onSortChange`. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Width of the column, e.g. 120 or '20%'. */
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /**
   * Where the column goes on a row's card (`cards`): the card's heading, a labelled field (the
   * default) or the action row at its bottom.
   */
  card?: 'title' | 'field' | 'action';
  /** A field as wide as the card (both of its columns), for a long value such as an email. */
  cardWide?: boolean;
}

/**
 * What the table reads and reports, as `useTableState()` returns it. `page` is 0-based; `toggleSort`
 * (called with the chosen column) makes headers sortable; `setFilter` shows the filter input.
 */
export type DataTableState = Pick<TableState, 'page' | 'pageSize' | 'setPage'> &
  Partial<Pick<TableState, 'sort' | 'toggleSort' | 'filter' | 'setFilter'>>;

export interface DataTableProps<Row> {
  /** Accessible name of the table (also shown as its caption when `showCaption`). */
  label: string;
  showCaption?: boolean;
  columns: DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** All rows the list has (for the paginator), not only this page's. */
  totalRecords: number;
  /** Page, sort and filter, usually `useTableState()`; see `DataTableState`. */
  state: DataTableState;
  filterLabel?: string;
  loading?: boolean;
  /** Text when there are no rows (default: common "No rows"). */
  emptyText?: string;
  /** Buttons or links shown next to the filter. */
  actions?: ReactNode;
  /** On a narrow screen, a line above the table saying it scrolls sideways. */
  scrollHint?: boolean;
  /** On a phone (below Mantine's `sm`, 48em), one card per row instead of the table. */
  cards?: boolean;
}

/** Below Mantine's `sm` breakpoint: a phone held upright. */
export const PHONE_QUERY = '(max-width: 47.99em)';

export function DataTable<Row>({
  label,
  showCaption = false,
  columns,
  rows,
  rowKey,
  totalRecords,
  state,
  filterLabel,
  loading = false,
  emptyText,
  actions,
  scrollHint = false,
  cards = false,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const filterId = useId();
  const { page, pageSize, setPage: onPageChange, filter, setFilter: onFilterChange } = state;
  const pages = pageCount(totalRecords, pageSize);
  const current = clampPage(page, totalRecords, pageSize);

  // A page beyond the last (rows deleted, filter narrowed) moves back to the last one there is.
  useEffect(() => {
    if (!loading && current !== page) onPageChange(current);
  }, [loading, current, page, onPageChange]);

  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const showCards = cards && phone;
  const showFilter = onFilterChange !== undefined;
  const hasRows = rows.length > 0;

  return (
    <Stack gap="sm">
      {(showFilter || actions) && (
        <Group justify="space-between" align="end" wrap="wrap">
          {showFilter ? (
            <TextInput
              id={filterId}
              label={filterLabel ?? t('dataTable.filter')}
              placeholder={t('dataTable.filterPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={filter ?? ''}
              onChange={(event) => onFilterChange(event.currentTarget.value)}
              type="search"
              miw={240}
            />
          ) : (
            <span />
          )}
          {actions && <Group gap="sm">{actions}</Group>}
        </Group>
      )}
      {scrollHint && hasRows && !showCards && (
        <Text size="sm" c="dimmed" hiddenFrom="md">
          {t('dataTable.scrollHint')}
        </Text>
      )}
      {showCards && hasRows ? (
        <DataCards label={label} columns={columns} rows={rows} rowKey={rowKey} />
      ) : (
        <TableView
          label={label}
          showCaption={showCaption}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          state={state}
          loading={loading}
          emptyText={emptyText}
        />
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('dataTable.summary', { page: current + 1, pages, total: totalRecords })}
        </Text>
        <Pagination
          total={pages}
          value={current + 1}
          onChange={(value) => onPageChange(clampPage(value - 1, totalRecords, pageSize))}
          withEdges
          aria-label={t('dataTable.pagination')}
          getControlProps={(control) => ({ 'aria-label': t(`dataTable.${control}Page`) })}
          getItemProps={(value) => ({ 'aria-label': t('dataTable.page', { page: value }) })}
        />
      </Group>
    </Stack>
  );
}

type TableViewProps<Row> = Pick<
  DataTableProps<Row>,
  'label' | 'showCaption' | 'columns' | 'rows' | 'rowKey' | 'state' | 'loading' | 'emptyText'
>;

/** The rows as a table with sortable headers, its loading and empty rows. */
function TableView<Row>({
  label,
  showCaption,
  columns,
  rows,
  rowKey,
  state,
  loading = false,
  emptyText,
}: TableViewProps<Row>) {
  const { t } = useTranslation();
  const { sort, toggleSort: onSortChange } = state;
  const hasRows = rows.length > 0;
  // On a narrow screen the table scrolls sideways: the region takes focus so a keyboard can too.
  return (
    <Table.ScrollContainer
      minWidth={500}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      <Table
        striped
        highlightOnHover
        aria-label={label}
        aria-busy={loading}
        data-testid="data-table"
      >
        {showCaption && <Table.Caption>{label}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const sorted = sort?.by === column.key ? sort.direction : undefined;
              const ariaSort =
                sorted === 'ASC' ? 'ascending' : sorted === 'DESC' ? 'descending' : undefined;
              return (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  ta={column.align}
                  aria-sort={column.sortable && onSortChange ? (ariaSort ?? 'none') : undefined}
                  scope="col"
                >
                  {column.sortable && onSortChange ? (
                    <UnstyledButton
                      onClick={() => onSortChange(column.key)}
                      fw={600}
                      fz="sm"
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                    >
                      {column.header}
                      {sorted === 'ASC' ? (
                        <IconSortAscending size={16} aria-hidden />
                      ) : sorted === 'DESC' ? (
                        <IconSortDescending size={16} aria-hidden />
                      ) : (
                        <IconArrowsSort size={16} aria-hidden opacity={0.4} />
                      )}
                      <VisuallyHidden>
                        {sorted === 'ASC'
                          ? t('dataTable.sortedAscending')
                          : sorted === 'DESC'
                            ? t('dataTable.sortedDescending')
                            : t('dataTable.sortable')}
                      </VisuallyHidden>
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !hasRows ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Center py="md" role="status" aria-live="polite">
                  <Loader size="sm" aria-hidden />
                  <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
                </Center>
              </Table.Td>
            </Table.Tr>
          ) : !hasRows ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="md">
                  {emptyText ?? t('dataTable.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.align}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
