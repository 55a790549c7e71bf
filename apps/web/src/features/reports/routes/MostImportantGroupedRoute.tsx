// Most important topics by background variable (spec section 2): the top 10 of the first group of
// the chosen breakdown, compared with the second group; a PDF export.
import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMostImportantGroupedRouteQuery } from '../../../__generated__/graphql';
import { ReportPage } from '../components/ReportPage';
import { groupedReportVariables, useGroupingOptions } from '../tables/groupingChoices';
import { ImportanceTable, useImportanceLabels } from '../tables/ImportanceTable';
import { exportImportancePdf } from '../tables/tablesPdf';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';
import { useReportRead } from '../useReportRead';
import { tileTitleKey } from '../landing';

export function MostImportantGroupedRoute() {
  const { t } = useTranslation('report');
  const { filters, sets, ready, search, update } = useReportQuery();
  const language = useReportLanguage(filters);
  const labels = useImportanceLabels();
  const variables = groupedReportVariables(filters, sets, language);
  const { groupBy } = variables;
  const { data, previousData, loading, error, refetch } = useMostImportantGroupedRouteQuery({
    variables,
    skip: !ready,
  });
  const read = useReportRead({ loading, error, refetch });
  // While another breakdown loads, the choices stay those already shown (the same survey's).
  const options = useGroupingOptions(
    (data ?? previousData)?.reportFilterChoices,
    variables.withChoices,
  );
  const report = data?.report?.mostImportant;
  const title = t(tileTitleKey('mostImportantGrouped'));
  const groupingName = options.find((option) => option.value === groupBy)?.label ?? '';
  return (
    <ReportPage
      title={title}
      description={report?.subtitle}
      search={search}
      exportKind="pdf"
      onExport={
        report
          ? () =>
              exportImportancePdf({
                title,
                subtitle: `${report.subtitle} · ${groupingName}`,
                language,
                report,
                rows: report.criteria,
                labels,
              })
          : undefined
      }
      loading={loading}
      error={read.error}
      preparing={read.preparing}
      top={
        <Select
          label={t('console.mostImportantGrouped.grouping')}
          data={options}
          value={groupBy}
          onChange={(value) => {
            const option = options.find((o) => o.value === value);
            if (option) update({ groupBy: option.value });
          }}
          allowDeselect={false}
          w={280}
        />
      }
    >
      <Text size="sm" mb="xs">
        {t('console.mostImportantGrouped.explained')}
      </Text>
      {report && <ImportanceTable report={report} rows={report.criteria} />}
    </ReportPage>
  );
}

export { MostImportantGroupedRoute as Component };
