// /surveys/edit/:id (Admin): the end-of-survey text and the settings switches. An old survey
// (settings null) has every switch locked; background switches lock once invitations were sent;
// AI switches lock only for old surveys. Saving returns to the survey's details.
import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  Loader,
  Stack,
  Switch,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  useEditSurveyRoute_SurveyQuery,
  useEditSurveyRoute_UpdateMutation,
  type EditSurveyForm_SurveyFragment,
} from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fieldErrorsMessage, useErrorMessage, type FieldError } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import {
  AI_SETTINGS,
  BACKGROUND_SETTINGS,
  settingLocks,
  type SettingName,
  type SettingsValues,
} from '../surveyRules';
import { toastFailure, toastSuccess } from '../../../lib/toasts';

function pick(settings: Record<string, unknown>): SettingsValues {
  return Object.fromEntries(
    [...BACKGROUND_SETTINGS, ...AI_SETTINGS].map((name) => [name, Boolean(settings[name])]),
  ) as SettingsValues;
}

export function EditSurveyRoute() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { id = '' } = useParams();
  usePageTitle(t('surveys.edit.title'));
  const { data, loading, error } = useEditSurveyRoute_SurveyQuery({ variables: { id } });
  const survey = data?.survey;
  const details = getHref(paths.surveyDetails, { id });
  const back = (
    <Anchor component={Link} to={details}>
      <IconArrowLeft size={14} aria-hidden /> {t('surveys.backToDetails')}
    </Anchor>
  );
  if (loading && !survey) return <Loader aria-label={t('common.loading')} />;
  if (error || !survey) {
    return (
      <Stack gap="md">
        {back}
        <ErrorAlert message={error ? errorMessage(error) : t('surveys.details.notFound')} />
      </Stack>
    );
  }

  return <EditSurveyForm key={survey.id} survey={survey} back={back} />;
}

function EditSurveyForm({
  survey,
  back,
}: {
  survey: EditSurveyForm_SurveyFragment;
  back: ReactNode;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const [update, updateState] = useEditSurveyRoute_UpdateMutation();
  const [endMessage, setEndMessage] = useState(survey.surveyEndMessage);
  const [settings, setSettings] = useState<SettingsValues | null>(
    survey.settings ? pick(survey.settings) : null,
  );
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const id = survey.id;
  const details = getHref(paths.surveyDetails, { id });

  const locks = settingLocks(survey);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Locked switches are not sent: the API refuses changes to them anyway.
    const editable = settings
      ? Object.fromEntries(
          (Object.entries(settings) as [SettingName, boolean][]).filter(([name]) =>
            (BACKGROUND_SETTINGS as readonly string[]).includes(name)
              ? !locks.background
              : !locks.ai,
          ),
        )
      : null;
    try {
      const result = await update({
        variables: {
          id,
          input: {
            surveyEndMessage: endMessage,
            ...(editable && Object.keys(editable).length > 0 ? { settings: editable } : {}),
          },
        },
      });
      const answer = result.data?.updateSurvey;
      if (answer?.ok) {
        toastSuccess(t('surveys.toast.saved'));
        void navigate(details);
        return;
      }
      setFieldErrors(answer?.fieldErrors ?? []);
    } catch (failure) {
      toastFailure(t('surveys.toast.saveFailed'), errorMessage(failure));
    }
  };

  const toggle = (name: SettingName, locked: boolean) => (
    <Switch
      key={name}
      label={t(`surveys.settings.${name}`)}
      checked={settings?.[name] ?? false}
      disabled={locked}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        setSettings((current) => (current ? { ...current, [name]: checked } : current));
      }}
    />
  );

  return (
    <Stack gap="md" maw={720}>
      {back}
      <Title order={1}>{t('surveys.edit.heading', { name: survey.name })}</Title>
      {fieldErrors.length > 0 && <ErrorAlert message={fieldErrorsMessage(fieldErrors, t)} />}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label={t('surveys.edit.endMessage')}
            description={t('surveys.edit.endMessageHelp')}
            value={endMessage}
            onChange={(event) => setEndMessage(event.currentTarget.value)}
            rows={4}
          />
          {survey.settings === null && <Alert color="gray">{t('surveys.edit.oldSurvey')}</Alert>}
          <Fieldset legend={t('surveys.edit.background')}>
            <Stack gap="xs">
              {locks.background && survey.settings !== null && (
                <Alert color="gray">{t('surveys.edit.backgroundLockedHelp')}</Alert>
              )}
              {BACKGROUND_SETTINGS.map((name) => toggle(name, locks.background))}
            </Stack>
          </Fieldset>
          <Fieldset legend={t('surveys.edit.ai')}>
            <Stack gap="xs">{AI_SETTINGS.map((name) => toggle(name, locks.ai))}</Stack>
          </Fieldset>
          <Button type="submit" loading={updateState.loading} w="fit-content">
            {t('surveys.edit.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

export { EditSurveyRoute as Component };
