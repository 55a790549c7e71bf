// Index distribution comparison (spec section 2): the L-index histogram (edges 0, 30..90) of the
// compared surveys or of the groups of a background variable or unit level; SVG export.
import { useTranslation } from 'react-i18next';
import { useLIndexCompareRouteQuery } from '../../../__generated__/graphql';
import { LINDEX_THRESHOLDS } from '../charts/HistogramChart';
import { IndexComparisonPage } from '../indexes/IndexComparisonPage';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';
import { useReportRead } from '../useReportRead';
import { comparisonVariables } from '../indexes/comparisonVariables';
import { tileTitleKey } from '../landing';

export function LIndexCompareRoute() {
  const { t } = useTranslation('report');
  const query = useReportQuery();
  const language = useReportLanguage(query.filters);
  const { data, loading, error, refetch } = useLIndexCompareRouteQuery({
    variables: comparisonVariables(query, language),
    skip: !query.ready,
  });
  const read = useReportRead({ loading, error, refetch });
  return (
    <IndexComparisonPage
      title={t(tileTitleKey('lIndexCompare'))}
      indexName={t('console.charts.lIndex')}
      query={query}
      distribution={data?.report?.lIndex}
      choices={data?.reportFilterChoices}
      surveys={data?.comparableSurveys}
      thresholds={LINDEX_THRESHOLDS}
      loading={loading}
      error={read.error}
      preparing={read.preparing}
    />
  );
}

export { LIndexCompareRoute as Component };
