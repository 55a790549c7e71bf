// Page, filter and sort of one table, kept while its screen is open (a new screen starts fresh).
import { useCallback, useMemo, useState } from 'react';

export type SortDirection = 'ASC' | 'DESC';

export interface TableSort {
  /** Column key the list is ordered by. */
  by: string;
  direction: SortDirection;
}

export const DEFAULT_PAGE_SIZE = 10;

/** Number of pages for `total` rows (at least 1, so an empty table has page 1 of 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The page (0-based) clamped between 0 and pages minus 1. */
export function clampPage(page: number, total: number, pageSize: number): number {
  const last = pageCount(total, pageSize) - 1;
  if (!Number.isFinite(page)) return 0;
  return Math.min(Math.max(0, Math.trunc(page)), last);
}

/** Choosing the sorted column again toggles ASC/DESC; a new column starts ASC. */
export function nextSort(current: TableSort, by: string): TableSort {
  if (current.by === by) return { by, direction: current.direction === 'ASC' ? 'DESC' : 'ASC' };
  return { by, direction: 'ASC' };
}

export interface TableState {
  page: number;
  pageSize: number;
  filter: string;
  sort: TableSort;
  /** `skip` for a paged REST/GraphQL list. */
  skip: number;
  setPage: (page: number) => void;
  /** A new filter goes back to the first page. */
  setFilter: (filter: string) => void;
  /** Toggles or changes the sort column (see `nextSort`) and goes back to the first page. */
  toggleSort: (by: string) => void;
}

export function useTableState(options: {
  defaultSort: TableSort;
  pageSize?: number;
  /** The filter the table opens with (e.g. kept in the page's address). */
  initialFilter?: string;
}): TableState {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const [page, setPageState] = useState(0);
  const [filter, setFilterState] = useState(options.initialFilter ?? '');
  const [sort, setSort] = useState<TableSort>(options.defaultSort);
  const setPage = useCallback((next: number) => setPageState(Math.max(0, Math.trunc(next))), []);
  const setFilter = useCallback((next: string) => {
    setFilterState(next);
    setPageState(0);
  }, []);
  const toggleSort = useCallback((by: string) => {
    setSort((current) => nextSort(current, by));
    setPageState(0);
  }, []);
  return useMemo(
    () => ({
      page,
      pageSize,
      filter,
      sort,
      skip: page * pageSize,
      setPage,
      setFilter,
      toggleSort,
    }),
    [page, pageSize, filter, sort, setPage, setFilter, toggleSort],
  );
}
