// Realizations by variable (spec section 2): all 30 criteria realized in the first two sets or the
// first two groups of the chosen breakdown, as means or spread; SVG export.
import { useTranslation } from 'react-i18next';
import { useRealizationsByVariablesRouteQuery } from '../../../__generated__/graphql';
import { useErrorMessage } from '../../../lib/errors';
import { RealizationsPage } from '../indexes/RealizationsPage';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';

export function RealizationsByVariablesRoute() {
  const { t } = useTranslation('report');
  const message = useErrorMessage();
  const query = useReportQuery();
  const language = useReportLanguage(query.filters);
  const { data, loading, error } = useRealizationsByVariablesRouteQuery({
    variables: { sets: query.sets, language, groupBy: query.filters.groupBy },
    skip: !query.ready,
  });
  return (
    <RealizationsPage
      title={t('console.charts.realizationsBy.title')}
      query={query}
      report={data?.report?.realizationsBy}
      loading={loading}
      error={error ? message(error) : null}
    />
  );
}

export { RealizationsByVariablesRoute as Component };
