export { DataCards } from './DataCards';
export {
  DataTable,
  PHONE_QUERY,
  type DataTableColumn,
  type DataTableProps,
  type DataTableState,
} from './DataTable';
export {
  clampPage,
  DEFAULT_PAGE_SIZE,
  nextSort,
  pageCount,
  useTableState,
  type SortDirection,
  type TableSort,
  type TableState,
} from './tableState';
