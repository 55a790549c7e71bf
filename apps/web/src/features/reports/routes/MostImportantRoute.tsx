// Most important topics, top 30 (spec section 2): the ranking in tens with a dropdown (all, top 10,
// 11-20, 21-30), a survey filter unless the report covers all data, and a PDF export.
import { Group, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMostImportantRouteQuery } from '../../../__generated__/graphql';
import { ReportPage } from '../components/ReportPage';
import {
  IMPORTANCE_VIEWS,
  isImportanceView,
  sliceImportance,
  type ImportanceView,
} from '../tables/importance';
import { ImportanceTable, useImportanceLabels } from '../tables/ImportanceTable';
import { exportImportancePdf } from '../tables/tablesPdf';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';
import { useReportRead } from '../useReportRead';
import { tileTitleKey } from '../landing';

export function MostImportantRoute() {
  const { t } = useTranslation('report');
  const { filters, sets, ready, search, update } = useReportQuery();
  const language = useReportLanguage(filters);
  const labels = useImportanceLabels();
  const [view, setView] = useState<ImportanceView>('ALL');
  const surveyId = filters.surveyIds[0] ?? null;
  // The company's ended surveys: by the company, or by the survey when the address has no company.
  const withSurveys = !filters.wholeData && (filters.companyId !== null || surveyId !== null);
  const { data, loading, error, refetch } = useMostImportantRouteQuery({
    variables: { sets, language, companyId: filters.companyId, surveyId, withSurveys },
    skip: !ready,
  });
  const read = useReportRead({ loading, error, refetch });
  const report = data?.report?.mostImportant;
  const rows = report ? sliceImportance(report.criteria, view) : [];
  const title = t(tileTitleKey('mostImportant'));
  const viewLabel = t(`console.mostImportant.views.${view}`);

  const surveyFilter = withSurveys && (
    <Select
      label={t('console.tables.survey')}
      data={(data?.comparableSurveys ?? []).map((survey) => ({
        value: survey.id,
        label: survey.name,
      }))}
      value={surveyId}
      onChange={(id) => id && update({ surveyIds: [id, ...filters.surveyIds.slice(1)] })}
      allowDeselect={false}
      w={280}
    />
  );
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
                subtitle: `${report.subtitle} · ${viewLabel}`,
                language,
                report,
                rows,
                labels,
              })
          : undefined
      }
      loading={loading}
      error={read.error}
      preparing={read.preparing}
      top={
        <Group align="flex-end">
          {surveyFilter}
          <Select
            label={t('console.mostImportant.view')}
            data={IMPORTANCE_VIEWS.map((value) => ({
              value,
              label: t(`console.mostImportant.views.${value}`),
            }))}
            value={view}
            onChange={(value) => isImportanceView(value) && setView(value)}
            allowDeselect={false}
            w={180}
          />
        </Group>
      }
    >
      {report && <ImportanceTable report={report} rows={rows} />}
    </ReportPage>
  );
}

export { MostImportantRoute as Component };
