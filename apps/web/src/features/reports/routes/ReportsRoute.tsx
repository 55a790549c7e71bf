// The report landing page (/report): the filter panel and the grid of report tiles. The filters live
// in the query string, so every tile carries them to its report and a reload keeps them.
import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import {
  useReportsRoute_SelectionQuery,
  useReportsRouteQuery,
} from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { isResultsNotOpen, useErrorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ReportFilterPanel } from '../components/ReportFilterPanel';
import { ReportTiles } from '../components/ReportTiles';
import { ResultsNotOpenNotice } from '../components/ResultsNotOpenNotice';
import {
  comparisonOptions,
  mustLeaveReports,
  reportTiles,
  surveyNotOpen,
  surveyOptions,
  withChosenSurvey,
  switchCompany,
} from '../landing';
import { preselect } from '../dashboard/dashboardRules';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';

export function ReportsRoute() {
  const { t } = useTranslation('report');
  usePageTitle(t('console.landing.title'));
  const errorMessage = useErrorMessage();
  const { account } = useSession();
  const role = account?.role ?? 'USER';
  const seesUnended = account?.seesUnendedSurveys ?? false;
  const { filters, update, search, ready } = useReportQuery();
  const surveyId = filters.surveyIds[0] ?? null;
  const reportLanguage = useReportLanguage(filters);

  const page = useReportsRouteQuery({ variables: { isAdmin: role === 'ADMIN' } });
  const companies = page.data?.companyChoices ?? [];
  const onlyCompany = companies.length === 1 ? companies[0] : undefined;
  const companyId = filters.companyId;
  const selection = useReportsRoute_SelectionQuery({
    variables: {
      companyId: companyId ?? '',
      surveyId: surveyId ?? '',
      hasSurvey: Boolean(surveyId),
      language: reportLanguage,
    },
    skip: !companyId,
    // One failing part (a survey outside the account's reach) leaves the rest of the page usable.
    errorPolicy: 'all',
  });
  const chosen = companyId ? (selection.data ?? selection.previousData) : undefined;

  // An address that names a survey but not its company (a shared link) gets the survey's company;
  // an address naming nothing gets the dashboard's preselection (the newest survey the role may
  // read, and its company); failing that a single company is chosen for the reader.
  const owner = surveyId
    ? companies.find((each) => each.surveys.some((survey) => survey.id === surveyId))
    : undefined;
  const pageData = page.data;
  const preselection = useMemo(
    () => (pageData && !surveyId ? preselect(pageData.companyChoices, seesUnended) : null),
    [pageData, surveyId, seesUnended],
  );
  useEffect(() => {
    if (filters.companyId || filters.wholeData) return;
    if (owner) update({ companyId: owner.id });
    else if (preselection)
      update({ ...switchCompany(preselection.companyId), surveyIds: [preselection.surveyId] });
    else if (onlyCompany) update(switchCompany(onlyCompany.id));
  }, [owner, preselection, onlyCompany, filters.companyId, filters.wholeData, update]);

  const error = page.error ?? selection.error;
  if (!page.data) {
    return page.loading ? (
      <Group justify="center" p="xl">
        <Loader aria-label={t('console.common.loading')} />
      </Group>
    ) : (
      <ErrorAlert message={error ? errorMessage(error) : null} />
    );
  }

  // A User reaches one company: without an ended survey there is no report to read.
  const ended = selection.loading ? undefined : selection.data?.comparableSurveys;
  const endedOfOnlyCompany = onlyCompany && companyId === onlyCompany.id ? ended : undefined;
  if (
    (endedOfOnlyCompany && mustLeaveReports(role, endedOfOnlyCompany.length)) ||
    (role === 'USER' && companies.length === 0)
  ) {
    return <Navigate to={paths.home} replace />;
  }

  const company = companies.find((each) => each.id === filters.companyId);
  const endedSurveys = chosen?.comparableSurveys ?? [];
  const choosable = surveyOptions(seesUnended, company?.surveys ?? [], endedSurveys);
  const survey = chosen?.survey && chosen.survey.id === surveyId ? chosen.survey : null;
  const choices = surveyId ? chosen?.reportFilterChoices : null;
  // A shared link to an open survey, for a reader who sees only ended ones: say when it opens.
  const notOpen = surveyNotOpen(seesUnended, surveyId, company?.surveys ?? []);
  const tiles = reportTiles({
    role,
    filters,
    survey,
    companyHasReportPackage: company?.settings.reportPackage ?? false,
    resultsNotOpen: notOpen !== null,
  });
  // The API's refusal of that survey says nothing the notice does not say better.
  const shownError = notOpen && isResultsNotOpen(error) ? undefined : error;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('console.landing.title')}</Title>
        <Text c="dimmed">{t('console.landing.description')}</Text>
      </Stack>
      <ErrorAlert message={shownError ? errorMessage(shownError) : null} />
      {notOpen && <ResultsNotOpenNotice name={notOpen.name} finished={notOpen.finished} />}
      <ReportFilterPanel
        role={role}
        filters={filters}
        update={update}
        companies={companies}
        surveys={withChosenSurvey(choosable, notOpen)}
        comparable={comparisonOptions(filters.surveyIds, choosable, endedSurveys)}
        units={choices?.units ?? []}
        groupings={choices?.groupings ?? []}
        industries={page.data.configuration.companyIndustries ?? []}
        sizes={page.data.configuration.companySizes ?? []}
        reportLanguages={
          page.data.me?.localizedReports ? page.data.configuration.reportLanguages : null
        }
        reportLanguage={reportLanguage}
      />
      {!ready && <Text c="dimmed">{t('console.landing.chooseFirst')}</Text>}
      {/* Until the chosen survey's details arrive the tiles are not links: which are disabled (a
          trend survey) or shown depends on them. */}
      <ReportTiles
        tiles={tiles}
        search={search}
        ready={ready && (notOpen !== null || !surveyId || survey !== null)}
      />
    </Stack>
  );
}

export { ReportsRoute as Component };
