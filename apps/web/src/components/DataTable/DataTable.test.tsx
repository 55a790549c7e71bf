import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './DataTable';
import { clampPage, nextSort, pageCount, useTableState } from './tableState';

interface Row {
  id: string;
  name: string;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name, sortable: true },
  { key: 'id', header: 'Id', cell: (row) => row.id, sortable: true },
  { key: 'action', header: 'Action', cell: () => 'edit' },
];

const ALL: Row[] = Array.from({ length: 35 }, (_, i) => ({
  id: String(i + 1),
  name: `Company ${String(i + 1).padStart(2, '0')}`,
}));

/** A table over local rows, paged and filtered the way a server would. */
function Harness({ rows = ALL, onSort }: { rows?: Row[]; onSort?: (by: string) => void }) {
  const table = useTableState({ defaultSort: { by: 'name', direction: 'ASC' } });
  const filtered = rows.filter((row) =>
    row.name.toLowerCase().includes(table.filter.toLowerCase()),
  );
  const page = filtered.slice(table.skip, table.skip + table.pageSize);
  return (
    <DataTable
      label="Companies"
      columns={columns}
      rows={page}
      rowKey={(row) => row.id}
      totalRecords={filtered.length}
      state={{
        ...table,
        toggleSort: (by) => {
          onSort?.(by);
          table.toggleSort(by);
        },
      }}
    />
  );
}

function renderUi(ui: React.ReactNode) {
  return render(
    <MantineProvider env="test">
      <I18nextProvider i18n={i18next}>{ui}</I18nextProvider>
    </MantineProvider>,
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Companies' }))
    .getAllByRole('row')
    .slice(1);

describe('table state rules', () => {
  it('clamps the page between 0 and pages minus 1', () => {
    expect(clampPage(-1, 35, 10)).toBe(0);
    expect(clampPage(9, 35, 10)).toBe(3);
    expect(clampPage(2, 35, 10)).toBe(2);
    expect(clampPage(3, 0, 10)).toBe(0);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(30, 10)).toBe(3);
  });

  it('toggles the direction on the same column and starts a new column ascending', () => {
    expect(nextSort({ by: 'name', direction: 'ASC' }, 'name')).toEqual({
      by: 'name',
      direction: 'DESC',
    });
    expect(nextSort({ by: 'name', direction: 'DESC' }, 'name')).toEqual({
      by: 'name',
      direction: 'ASC',
    });
    expect(nextSort({ by: 'name', direction: 'DESC' }, 'id')).toEqual({
      by: 'id',
      direction: 'ASC',
    });
  });
});

describe('DataTable', () => {
  it('pages with first, previous, next and last', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    expect(bodyRows()).toHaveLength(10);
    expect(bodyRows()[0]).toHaveTextContent('Company 01');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(bodyRows()[0]).toHaveTextContent('Company 11');
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(bodyRows()).toHaveLength(5);
    expect(bodyRows()[0]).toHaveTextContent('Company 31');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByText('Page 4 of 4, 35 in all')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(bodyRows()[0]).toHaveTextContent('Company 21');
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(bodyRows()[0]).toHaveTextContent('Company 01');
  });

  it('filters and goes back to the first page', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'company 2');
    expect(bodyRows()).toHaveLength(10);
    expect(bodyRows()[0]).toHaveTextContent('Company 20');
    expect(screen.getByText('Page 1 of 1, 10 in all')).toBeInTheDocument();
  });

  it('reports the chosen sort column and marks the sorted header', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    renderUi(<Harness onSort={onSort} />);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(nameHeader).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith('name');
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    const idHeader = screen.getByRole('columnheader', { name: /Id/ });
    await user.click(within(idHeader).getByRole('button'));
    expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Action' })).not.toHaveAttribute('aria-sort');
  });

  it('shows the empty text and the loading state', () => {
    const { rerender } = renderUi(<Harness rows={[]} />);
    expect(screen.getByText('Nothing to show.')).toBeInTheDocument();
    rerender(
      <MantineProvider env="test">
        <I18nextProvider i18n={i18next}>
          <DataTable
            label="Companies"
            columns={columns}
            rows={[]}
            rowKey={(row) => row.id}
            totalRecords={0}
            state={{ page: 0, pageSize: 10, setPage: () => undefined }}
            loading
          />
        </I18nextProvider>
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.getByRole('table', { name: 'Companies' })).toHaveAttribute('aria-busy', 'true');
  });

  it('moves a page beyond the last back to the last page', () => {
    const onPageChange = vi.fn();
    function Beyond() {
      const [page, setPage] = useState(7);
      return (
        <DataTable
          label="Companies"
          columns={columns}
          rows={ALL.slice(30)}
          rowKey={(row) => row.id}
          totalRecords={35}
          state={{
            page,
            pageSize: 10,
            setPage: (next) => {
              onPageChange(next);
              setPage(next);
            },
          }}
        />
      );
    }
    renderUi(<Beyond />);
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
