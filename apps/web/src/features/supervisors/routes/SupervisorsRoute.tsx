// /supervisors (all roles): per unit of the chosen survey its supervisors, responses and response
// rate, its L-index against the whole survey's (hidden with the reason where the report hides it),
// and when its package was last sent. Admins and SuperUsers send each supervisor their unit's
// results; the page follows the run's progress (n of N units). A User sees their own units.
import { Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSupervisorsRouteQuery } from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { usePageTitle } from '../../../lib/usePageTitle';
import { SupervisorOverviewPanel } from '../components/SupervisorOverviewPanel';
import { surveyChoices } from '../supervisorRules';

const LEVELS = Array.from({ length: 10 }, (_, i) => String(i + 1));

export function SupervisorsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('supervisors.title'));
  const errorMessage = useErrorMessage();
  const { data, error } = useSupervisorsRouteQuery();
  const companies = data?.companyChoices ?? [];
  const role = data?.me?.role ?? 'USER';
  const [companyId, setCompanyId] = useState<string | null>(null);
  const company = companies.find((c) => c.id === companyId) ?? companies[0] ?? null;
  const surveys = useMemo(() => surveyChoices(role, company?.surveys ?? []), [role, company]);
  const [surveyId, setSurveyId] = useState<string | null>(null);
  const survey = surveys.find((s) => s.id === surveyId) ?? surveys[0] ?? null;
  const [level, setLevel] = useState<string | null>(null);
  const [withoutSupervisor, setWithoutSupervisor] = useState(false);

  return (
    <Stack gap="md">
      <Title order={1}>{t('supervisors.title')}</Title>
      <Text c="dimmed">{t('supervisors.intro')}</Text>
      <ErrorAlert message={error ? errorMessage(error) : null} />
      <Group align="flex-end" wrap="wrap">
        {companies.length > 1 && (
          <Select
            label={t('supervisors.company')}
            data={companies.map((c) => ({ value: c.id, label: c.name }))}
            value={company?.id ?? null}
            onChange={(value) => {
              setCompanyId(value);
              setSurveyId(null);
            }}
            searchable
            miw={220}
          />
        )}
        <Select
          label={t('supervisors.survey')}
          data={surveys.map((s) => ({ value: s.id, label: s.name }))}
          value={survey?.id ?? null}
          onChange={setSurveyId}
          miw={220}
        />
        <Select
          label={t('supervisors.level')}
          placeholder={t('supervisors.allLevels')}
          data={LEVELS.map((n) => ({ value: n, label: t('supervisors.levelN', { n }) }))}
          value={level}
          onChange={setLevel}
          clearable
          w={160}
        />
        <Checkbox
          label={t('supervisors.withoutSupervisor')}
          checked={withoutSupervisor}
          onChange={(event) => setWithoutSupervisor(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      {data && !survey && <Text>{t('supervisors.noSurveys')}</Text>}
      {survey && (
        <SupervisorOverviewPanel
          surveyId={survey.id}
          role={role}
          meId={data?.me?.id ?? null}
          level={level ? Number(level) : null}
          withoutSupervisor={withoutSupervisor}
        />
      )}
    </Stack>
  );
}

export { SupervisorsRoute as Component };
