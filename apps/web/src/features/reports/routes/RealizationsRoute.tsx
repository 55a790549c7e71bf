// Realizations top 10 (spec section 2): the first set's 10 most important criteria, realized in the
// first and second set, as means (ticks 20..100, threshold 80) or spread; 1085x300 with fewer than
// 10 criteria, else 1100x500; SVG export.
import { useTranslation } from 'react-i18next';
import { useRealizationsRouteQuery } from '../../../__generated__/graphql';
import { useErrorMessage } from '../../../lib/errors';
import { realizationChartSize } from '../indexes/chartRules';
import { RealizationsPage } from '../indexes/RealizationsPage';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';
import { tileTitleKey } from '../landing';

export function RealizationsRoute() {
  const { t } = useTranslation('report');
  const message = useErrorMessage();
  const query = useReportQuery();
  const language = useReportLanguage(query.filters);
  const { data, loading, error } = useRealizationsRouteQuery({
    variables: { sets: query.sets, language, groupBy: query.filters.groupBy },
    skip: !query.ready,
  });
  const report = data?.report?.realizations;
  return (
    <RealizationsPage
      title={t(tileTitleKey('realizations'))}
      query={query}
      report={report}
      size={realizationChartSize(report?.criteria.length ?? 0)}
      loading={loading}
      error={error ? message(error) : null}
    />
  );
}

export { RealizationsRoute as Component };
