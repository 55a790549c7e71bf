// The current report filters from the URL, the sets they stand for, and a way to change them.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportSetInput } from '../../__generated__/graphql';
import {
  hasReportSets,
  parseReportQuery,
  toReportSearch,
  toReportSets,
  type ReportFilterState,
} from './reportQuery';

export interface ReportQuery {
  filters: ReportFilterState;
  sets: ReportSetInput[];
  /** False while no survey (and no all-data benchmark) is chosen: skip the report query. */
  ready: boolean;
  /** The query string (without '?') to carry the filters to another report page. */
  search: string;
  /** Changes some filters; the URL is replaced, not pushed, so Back leaves the report. */
  update: (patch: Partial<ReportFilterState>) => void;
}

export function useReportQuery(): ReportQuery {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseReportQuery(params), [params]);
  const sets = useMemo(() => toReportSets(filters), [filters]);
  const update = useCallback(
    (patch: Partial<ReportFilterState>) =>
      setParams(toReportSearch({ ...filters, ...patch }), { replace: true }),
    [filters, setParams],
  );
  return {
    filters,
    sets,
    ready: hasReportSets(filters),
    search: toReportSearch(filters).toString(),
    update,
  };
}
