// Realizations by variable (spec section 2): all 30 criteria realized in the first two sets or the
// first two groups of the chosen breakdown, as means or spread; SVG export. The page offers the
// breakdown itself, so the "two groups" it names are always there to choose (issue 28, point 4).
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRealizationsByVariablesRouteQuery } from '../../../__generated__/graphql';
import { RealizationsPage } from '../indexes/RealizationsPage';
import { tileTitleKey } from '../landing';
import { useGroupingOptions } from '../tables/groupingChoices';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';
import { useReportRead } from '../useReportRead';

export function RealizationsByVariablesRoute() {
  const { t } = useTranslation('report');
  const query = useReportQuery();
  const language = useReportLanguage(query.filters);
  const surveyId = query.filters.surveyIds[0] ?? '';
  const { data, previousData, loading, error, refetch } = useRealizationsByVariablesRouteQuery({
    variables: {
      sets: query.sets,
      language,
      groupBy: query.filters.groupBy,
      surveyId,
      withChoices: surveyId !== '',
    },
    skip: !query.ready,
  });
  const read = useReportRead({ loading, error, refetch });
  const options = useGroupingOptions((data ?? previousData)?.reportFilterChoices, surveyId !== '');
  return (
    <RealizationsPage
      title={t(tileTitleKey('realizationsByVariables'))}
      query={query}
      report={data?.report?.realizationsBy}
      loading={loading}
      error={read.error}
      preparing={read.preparing}
      chooser={
        <Select
          label={t('console.charts.realizationsBy.compareGroups')}
          description={t('console.charts.realizationsBy.compareHint')}
          placeholder={t('console.charts.realizationsBy.noGroups')}
          data={options}
          value={query.filters.groupBy ?? null}
          onChange={(value) =>
            query.update({
              groupBy: options.find((option) => option.value === value)?.value ?? null,
            })
          }
          clearable
          w={320}
          data-testid="realizations-by-grouping"
        />
      }
    />
  );
}

export { RealizationsByVariablesRoute as Component };
