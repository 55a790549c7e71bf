// Overall satisfaction comparison (spec section 2): the S-index histogram (edges 30..90) of the
// compared surveys or of the groups of a background variable or unit level; SVG export.
import { useTranslation } from 'react-i18next';
import { useCurrentSatisfactionRouteQuery } from '../../../__generated__/graphql';
import { SATISFACTION_THRESHOLDS } from '../charts/HistogramChart';
import { IndexComparisonPage } from '../indexes/IndexComparisonPage';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';
import { useReportRead } from '../useReportRead';
import { comparisonVariables } from '../indexes/comparisonVariables';
import { tileTitleKey } from '../landing';

export function CurrentSatisfactionRoute() {
  const { t } = useTranslation('report');
  const query = useReportQuery();
  const language = useReportLanguage(query.filters);
  const { data, loading, error, refetch } = useCurrentSatisfactionRouteQuery({
    variables: comparisonVariables(query, language),
    skip: !query.ready,
  });
  const read = useReportRead({ loading, error, refetch });
  return (
    <IndexComparisonPage
      title={t(tileTitleKey('currentSatisfaction'))}
      indexName={t('console.charts.sIndex')}
      query={query}
      distribution={data?.report?.satisfaction}
      choices={data?.reportFilterChoices}
      surveys={data?.comparableSurveys}
      thresholds={SATISFACTION_THRESHOLDS}
      loading={loading}
      error={read.error}
      preparing={read.preparing}
    />
  );
}

export { CurrentSatisfactionRoute as Component };
