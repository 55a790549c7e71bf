// The widgets of the chosen survey, read in one request with the survey's units (the dashboard's unit
// filter offers them). An ended survey shows its results (index distribution, the company's trend,
// eNPS, realizations, response activity); one still open shows response activity only. The extra
// section (change-job willingness) follows showsExtraSection.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDashboardWidgetsQuery, type Role } from '../../../__generated__/graphql';
import { useErrorMessage } from '../../../lib/errors';
import { ResultsPreparingNotice } from '../components/ResultsPreparingNotice';
import { useReportRead } from '../useReportRead';
import { showsExtraSection, surveyStatus, type DashboardSurvey } from './dashboardRules';
import { errorFor } from './widgetErrors';
import {
  ChangeJobWidget,
  EnpsWidget,
  LIndexWidget,
  RealizationWidget,
  ResponseActivityWidget,
  TrendWidget,
} from './widgets';

export interface DashboardWidgetsQueryInput {
  companyId: string;
  survey: DashboardSurvey | undefined;
  units: string[];
  role: Role;
  language: string;
}

/** The dashboard's one request: its widgets and the unit choices (none until a survey is chosen). */
export function useDashboardWidgets({
  companyId,
  survey,
  units,
  role,
  language,
}: DashboardWidgetsQueryInput) {
  const ended = survey?.hasEnded ?? false;
  const extra = survey !== undefined && ended && showsExtraSection(survey, role);
  const result = useDashboardWidgetsQuery({
    variables: {
      surveyId: survey?.id ?? '',
      companyId,
      sets: [{ surveyId: survey?.id ?? '', units: units.length > 0 ? units : undefined }],
      language,
      ended,
      extra,
    },
    skip: !survey,
    errorPolicy: 'all',
  });
  // While other units load, the unit choices stay those already shown (the same survey's: choosing
  // another survey clears the units).
  const unitChoices = (result.data ?? result.previousData)?.reportFilterChoices?.units ?? [];
  // What was asked: the component shows the same widgets.
  return { ...result, unitChoices, ended, extra };
}

export interface DashboardWidgetsProps {
  survey: DashboardSurvey;
  units: string[];
  widgets: ReturnType<typeof useDashboardWidgets>;
}

export function DashboardWidgets({ survey, units, widgets }: DashboardWidgetsProps) {
  const { t } = useTranslation('report');
  const message = useErrorMessage();
  const { data, loading, error, ended, extra } = widgets;
  // The survey's results being prepared: one notice, and the widgets it holds up wait with a
  // loader while the read is tried again (useReportRead).
  const { preparing } = useReportRead(widgets);
  const read = <T,>(value: T | null | undefined, path: string[]) => {
    const own = errorFor(error, path, message);
    return {
      data: value,
      loading: loading || (preparing && own !== null),
      error: preparing ? null : own,
    };
  };
  const responses = (
    <ResponseActivityWidget
      {...read(data?.responseActivity, ['responseActivity'])}
      status={surveyStatus(survey)}
      units={units}
    />
  );
  if (!ended) {
    return (
      <Stack gap="md" data-testid="dashboard-open">
        <Text c="dimmed">{t('console.dashboard.notEnded')}</Text>
        {responses}
      </Stack>
    );
  }
  const grid = (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="dashboard-ended">
      <LIndexWidget {...read(data?.report?.lIndex, ['report', 'lIndex'])} />
      <TrendWidget {...read(data?.lIndexTrend, ['lIndexTrend'])} />
      <EnpsWidget {...read(data?.report?.enps, ['report', 'enps'])} />
      <RealizationWidget {...read(data?.report?.realizations, ['report', 'realizations'])} />
      {responses}
      {extra && (
        <ChangeJobWidget
          {...read(data?.report?.changeJobWillingness, ['report', 'changeJobWillingness'])}
        />
      )}
    </SimpleGrid>
  );
  if (!preparing) return grid;
  return (
    <Stack gap="md">
      <ResultsPreparingNotice />
      {grid}
    </Stack>
  );
}
