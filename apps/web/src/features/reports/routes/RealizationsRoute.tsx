// Realizations top 10 (spec section 2): the first set's 10 most important criteria, realized in the
// first and second set, as means (ticks 20..100, threshold 80) or spread; 1085x300 with fewer than
// 10 criteria, else 1100x500; SVG export.
import { useTranslation } from 'react-i18next';
import { useRealizationsRouteQuery } from '../../../__generated__/graphql';
import { realizationChartSize } from '../indexes/chartRules';
import { RealizationsPage } from '../indexes/RealizationsPage';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';
import { useReportRead } from '../useReportRead';
import { tileTitleKey } from '../landing';

export function RealizationsRoute() {
  const { t } = useTranslation('report');
  const query = useReportQuery();
  const language = useReportLanguage(query.filters);
  const { data, loading, error, refetch } = useRealizationsRouteQuery({
    variables: { sets: query.sets, language, groupBy: query.filters.groupBy },
    skip: !query.ready,
  });
  const read = useReportRead({ loading, error, refetch });
  const report = data?.report?.realizations;
  return (
    <RealizationsPage
      title={t(tileTitleKey('realizations'))}
      query={query}
      report={report}
      size={realizationChartSize(report?.criteria.length ?? 0)}
      loading={loading}
      error={read.error}
      preparing={read.preparing}
    />
  );
}

export { RealizationsRoute as Component };
