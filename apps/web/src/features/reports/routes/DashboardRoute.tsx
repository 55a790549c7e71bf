// /dashboard (every role; "/" redirects here): a company, one of its surveys and units to narrow by,
// then the survey's widgets. The choice lives in the query string (companyId, surveyId, unit) like the
// report filters, so a reload or a shared link shows the same dashboard and the reports link keeps it.
import {
  Anchor,
  Center,
  Group,
  Loader,
  MultiSelect,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDashboardRouteQuery, type Role } from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/usePageTitle';
import {
  hasNothingYet,
  resolveSelection,
  selectableCompanies,
  selectableSurveys,
  selectCompany,
} from '../dashboard/dashboardRules';
import { DashboardWidgets, useDashboardWidgets } from '../dashboard/DashboardWidgets';
import { ChartLanguageContext } from '../charts/chartLang';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';

/** Spec section 9: the unit dropdown is at most 500px high. */
const UNIT_DROPDOWN_HEIGHT = 500;

export function DashboardRoute() {
  const { t } = useTranslation('report');
  const message = useErrorMessage();
  const account = useSession().account;
  const role: Role = account?.role ?? 'USER';
  const seesUnended = account?.seesUnendedSurveys ?? false;
  usePageTitle(t('console.dashboard.title'));
  const { filters, search, update } = useReportQuery();
  const language = useReportLanguage(filters);
  const { data, loading, error } = useDashboardRouteQuery();
  const companies = useMemo(() => data?.companyChoices ?? [], [data]);

  const asked = { companyId: filters.companyId, surveyId: filters.surveyIds[0] ?? null };
  const selection = data ? resolveSelection(companies, seesUnended, asked) : null;
  const company = companies.find((entry) => entry.id === selection?.companyId);
  const survey = company?.surveys.find((entry) => entry.id === selection?.surveyId);

  // The address names what is shown (a preselection or a corrected choice is written back).
  useEffect(() => {
    if (
      selection &&
      (selection.companyId !== asked.companyId || selection.surveyId !== asked.surveyId)
    )
      update({ companyId: selection.companyId, surveyIds: [selection.surveyId], units: [] });
  }, [selection, asked.companyId, asked.surveyId, update]);

  const widgets = useDashboardWidgets({
    companyId: company?.id ?? '',
    survey,
    units: filters.units,
    role,
    language,
  });
  const unitOptions = widgets.unitChoices.map((unit) => ({
    value: unit.id,
    label: unit.name,
  }));

  const header = <Title order={1}>{t('console.dashboard.title')}</Title>;
  if (error) {
    return (
      <Stack gap="md">
        {header}
        <ErrorAlert message={message(error)} />
      </Stack>
    );
  }
  if (data && hasNothingYet(companies, seesUnended)) {
    return (
      <Stack gap="md">
        {header}
        <Text size="lg" data-testid="dashboard-empty">
          {t('console.dashboard.nothingYet')}
        </Text>
      </Stack>
    );
  }
  if (loading || !company || !survey) {
    return (
      <Stack gap="md">
        {header}
        <Center p="xl">
          <Loader aria-label={t('console.dashboard.loading')} />
        </Center>
      </Stack>
    );
  }

  const chooseCompany = (companyId: string | null) => {
    const chosen = companyId ? selectCompany(companies, seesUnended, companyId) : null;
    if (chosen) update({ companyId: chosen.companyId, surveyIds: [chosen.surveyId], units: [] });
  };
  return (
    <ChartLanguageContext value={language}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Stack gap={0}>
            {header}
            <Text size="lg" c="dimmed" data-testid="dashboard-company">
              {company.name}
            </Text>
          </Stack>
          <Anchor component={Link} to={`${getHref(paths.reports)}?${search}`}>
            <Group gap={4}>
              {t('console.dashboard.toReports')}
              <IconArrowRight size={16} aria-hidden />
            </Group>
          </Anchor>
        </Group>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t('console.dashboard.company')}
            data={selectableCompanies(companies, seesUnended).map((entry) => ({
              value: entry.id,
              label: entry.name,
            }))}
            value={company.id}
            onChange={chooseCompany}
            allowDeselect={false}
            searchable
            miw={240}
          />
          <Select
            label={t('console.dashboard.survey')}
            data={selectableSurveys(company, seesUnended).map((entry) => ({
              value: entry.id,
              label: entry.name,
            }))}
            value={survey.id}
            onChange={(surveyId) => surveyId && update({ surveyIds: [surveyId] })}
            allowDeselect={false}
            miw={240}
          />
          <MultiSelect
            label={t('console.dashboard.units')}
            placeholder={filters.units.length === 0 ? t('console.dashboard.allUnits') : undefined}
            data={unitOptions}
            value={filters.units}
            onChange={(units) => update({ units })}
            searchable
            clearable
            maxDropdownHeight={UNIT_DROPDOWN_HEIGHT}
            miw={280}
          />
        </Group>
        <DashboardWidgets survey={survey} units={filters.units} widgets={widgets} />
      </Stack>
    </ChartLanguageContext>
  );
}

export { DashboardRoute as Component };
