// /surveys/create (Admin): company, tracking checkbox (only when the company has an ended survey;
// the base is then its latest ended survey), name and short name. A company with a survey that has
// not ended cannot get another one. After creation: the new survey's details.
import { Alert, Anchor, Button, Checkbox, Select, Stack, TextInput, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  useCreateSurveyRoute_CompaniesQuery,
  useCreateSurveyRoute_CompanyDataQuery,
  useCreateSurveyRoute_CreateMutation,
} from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fieldErrorMessage, useErrorMessage, type FieldError } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import { canCreate, trackingAllowed } from '../surveyRules';
import { toastFailure, toastSuccess } from '../../../lib/toasts';

export function CreateSurveyRoute() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  usePageTitle(t('surveys.create.title'));
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [tracking, setTracking] = useState(false);
  const [name, setName] = useState('');
  const [shortName, setShortName] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);

  const companies = useCreateSurveyRoute_CompaniesQuery();
  const companyData = useCreateSurveyRoute_CompanyDataQuery({
    variables: { companyId: companyId ?? '' },
    skip: !companyId,
    fetchPolicy: 'network-only',
  });
  const [create, { loading }] = useCreateSurveyRoute_CreateMutation();

  const data = companyId ? companyData.data?.surveyCompanyData : undefined;
  const canTrack = trackingAllowed(data);
  const blocked = Boolean(data?.openSurvey);
  const errorFor = (field: string) => {
    const found = fieldErrors.find((error) => error.field === field);
    return found ? fieldErrorMessage(found, t) : undefined;
  };
  const parallel = fieldErrors.some((error) => error.message === 'surveys.create.parallelSurvey');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate({ name, shortName, companyId }) || !companyId) return;
    try {
      const result = await create({
        variables: {
          input: {
            name: name.trim(),
            shortName: shortName.trim(),
            companyId,
            baseSurveyId: tracking && canTrack ? (data?.latestEndedSurvey?.id ?? null) : null,
          },
        },
      });
      const answer = result.data?.createSurvey;
      if (answer?.ok && answer.survey) {
        toastSuccess(t('surveys.toast.created'));
        void navigate(getHref(paths.surveyDetails, { id: answer.survey.id }));
        return;
      }
      setFieldErrors(answer?.fieldErrors ?? []);
    } catch (error) {
      toastFailure(t('surveys.toast.createFailed'), errorMessage(error));
    }
  };

  return (
    <Stack gap="md" maw={560}>
      <Anchor component={Link} to={paths.surveys}>
        <IconArrowLeft size={14} aria-hidden /> {t('surveys.backToList')}
      </Anchor>
      <Title order={1}>{t('surveys.create.title')}</Title>
      {companies.error && <ErrorAlert message={errorMessage(companies.error)} />}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label={t('surveys.create.company')}
            placeholder={t('surveys.create.companyPlaceholder')}
            data={(companies.data?.companyChoices ?? []).map((company) => ({
              value: company.id,
              label: company.name,
            }))}
            value={companyId}
            onChange={(value) => {
              setCompanyId(value);
              setTracking(false);
              setFieldErrors([]);
            }}
            searchable
            required
            error={parallel ? undefined : errorFor('companyId')}
          />
          {(blocked || parallel) && (
            <Alert color="red" role="alert" title={t('surveys.create.blockedTitle')}>
              {t('surveys.create.parallelSurvey')}
            </Alert>
          )}
          <Checkbox
            label={
              canTrack && data?.latestEndedSurvey
                ? t('surveys.create.trackingOf', { name: data.latestEndedSurvey.name })
                : t('surveys.create.tracking')
            }
            description={companyId && !canTrack ? t('surveys.create.trackingNone') : undefined}
            checked={tracking && canTrack}
            disabled={!canTrack || blocked}
            onChange={(event) => setTracking(event.currentTarget.checked)}
          />
          <TextInput
            label={t('surveys.create.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            error={errorFor('name')}
          />
          <TextInput
            label={t('surveys.create.shortName')}
            value={shortName}
            onChange={(event) => setShortName(event.currentTarget.value)}
            required
            error={errorFor('shortName')}
          />
          {errorFor('baseSurveyId') && <ErrorAlert message={errorFor('baseSurveyId') ?? ''} />}
          <Button
            type="submit"
            loading={loading}
            disabled={!canCreate({ name, shortName, companyId }) || blocked}
            w="fit-content"
          >
            {t('surveys.create.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

export { CreateSurveyRoute as Component };
