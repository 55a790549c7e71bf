// /surveys/details/:id (Admin): the survey's facts, its end date (date picker), the show-open-comments
// toggle (Admin, PartnerAdmin; saved 500 ms after the last change), an edit link and delete; for
// an Admin the AI section (search index dialogs, AI Labs link) from the ai feature.
// Participants, invitations, reminders, import and export belong to the participants feature.
import { Anchor, Button, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowLeft, IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/fi';
import 'dayjs/locale/sv';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  useSurveyDetailsRoute_DeleteMutation,
  useSurveyDetailsRoute_SetEndDateMutation,
  useSurveyDetailsRoute_SetShowOpenCommentsMutation,
  useSurveyDetailsRoute_SurveyQuery,
} from '../../../__generated__/graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fieldErrorMessage, useErrorMessage } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/usePageTitle';
import { SurveyAiSection } from '../../ai';
import { ExportButtons, ParticipantsSection } from '../../participants';
import { SurveyFacts } from '../components/SurveyFacts';
import {
  calendarLocale,
  DAY_FORMAT,
  endDateInstant,
  SHOW_COMMENTS_DEBOUNCE_MS,
} from '../surveyRules';
import { toastFailure, toastSuccess } from '../../../lib/toasts';

const FIRST_DAY = '1900-01-01';
const LAST_DAY = '2100-12-31';

export function SurveyDetailsRoute() {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const { account } = useSession();
  const { id = '' } = useParams();
  const { data, loading, error } = useSurveyDetailsRoute_SurveyQuery({ variables: { id } });
  const survey = data?.survey;
  usePageTitle(survey?.name ?? t('surveys.details.title'));

  const [setEndDate, endDateState] = useSurveyDetailsRoute_SetEndDateMutation();
  const [setShowComments] = useSurveyDetailsRoute_SetShowOpenCommentsMutation();
  const [deleteSurvey, deleteState] = useSurveyDetailsRoute_DeleteMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // The toggle's value while a change waits to be saved; null shows the saved value.
  const [pendingShowComments, setPendingShowComments] = useState<boolean | null>(null);
  const canModerate = account?.role === 'ADMIN' || account?.role === 'PARTNER_ADMIN';

  const showComments = pendingShowComments ?? Boolean(survey?.showOpenComments);

  const saveShowComments = useDebouncedCallback(async (show: boolean) => {
    try {
      const result = await setShowComments({
        variables: { id, from: show ? new Date().toISOString() : null },
      });
      if (result.data?.setShowOpenComments.ok) toastSuccess(t('surveys.toast.commentsSaved'));
      else toastFailure(t('surveys.toast.commentsFailed'), '');
    } catch (failure) {
      toastFailure(t('surveys.toast.commentsFailed'), errorMessage(failure));
    } finally {
      setPendingShowComments(null);
    }
  }, SHOW_COMMENTS_DEBOUNCE_MS);

  // The clear button (null) removes the end date: the survey has not ended.
  const changeEndDate = async (day: string | null) => {
    try {
      const endDate = day ? endDateInstant(day) : null;
      const result = await setEndDate({ variables: { id, endDate } });
      const answer = result.data?.setSurveyEndDate;
      if (answer?.ok) toastSuccess(t('surveys.toast.endDateSaved'));
      else {
        const first = answer?.fieldErrors[0];
        toastFailure(t('surveys.toast.endDateFailed'), first ? fieldErrorMessage(first, t) : '');
      }
    } catch (failure) {
      toastFailure(t('surveys.toast.endDateFailed'), errorMessage(failure));
    }
  };

  const remove = async () => {
    try {
      const result = await deleteSurvey({ variables: { id } });
      if (!result.data?.deleteSurvey.ok) throw new Error(t('surveys.toast.deleteFailed'));
      setConfirmDelete(false);
      toastSuccess(t('surveys.toast.deleted'));
      void navigate(paths.surveys);
    } catch (failure) {
      setConfirmDelete(false);
      toastFailure(t('surveys.toast.deleteFailed'), errorMessage(failure));
    }
  };

  const back = (
    <Anchor component={Link} to={paths.surveys}>
      <IconArrowLeft size={14} aria-hidden /> {t('surveys.backToList')}
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

  const today = dayjs().format('YYYY-MM-DD');
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="center">
        <Title order={1}>{survey.name}</Title>
        <Group gap="sm">
          {canModerate && (
            <Button component={Link} to={getHref(paths.surveyEdit, { id })} variant="default">
              {t('surveys.details.edit')}
            </Button>
          )}
          {canModerate && (
            <Button component={Link} to={getHref(paths.surveyComments, { id })} variant="default">
              {t('comments.link')}
            </Button>
          )}
          <Button color="red" variant="light" onClick={() => setConfirmDelete(true)}>
            {t('surveys.details.delete')}
          </Button>
        </Group>
      </Group>
      <SurveyFacts survey={survey} />
      <DatesProvider settings={{ locale: calendarLocale(i18n.language), firstDayOfWeek: 1 }}>
        <Group align="end" gap="xl" wrap="wrap">
          <DatePickerInput
            label={t('surveys.details.endDate')}
            placeholder={t('surveys.details.endDatePlaceholder')}
            valueFormat={DAY_FORMAT}
            value={survey.finished ? dayjs(survey.finished).format('YYYY-MM-DD') : null}
            onChange={(day) => void changeEndDate(day)}
            minDate={FIRST_DAY}
            maxDate={LAST_DAY}
            presets={[{ value: today, label: t('surveys.details.today') }]}
            clearable
            clearButtonProps={{ 'aria-label': t('surveys.details.clearEndDate') }}
            leftSection={<IconCalendar size={16} aria-hidden />}
            highlightToday
            disabled={endDateState.loading}
            w={200}
          />
          {canModerate && (
            <Switch
              label={t('surveys.details.showOpenComments')}
              description={
                survey.showOpenComments
                  ? t('surveys.details.showOpenCommentsFrom', {
                      date: dayjs(survey.showOpenComments).format(DAY_FORMAT),
                    })
                  : undefined
              }
              checked={showComments}
              onChange={(event) => {
                const next = event.currentTarget.checked;
                setPendingShowComments(next);
                void saveShowComments(next);
              }}
            />
          )}
        </Group>
      </DatesProvider>
      {account?.role === 'ADMIN' && <SurveyAiSection surveyId={survey.id} />}
      <ExportButtons surveyId={survey.id} />
      <ParticipantsSection survey={survey} />
      <ConfirmDialog
        opened={confirmDelete}
        title={t('surveys.details.deleteTitle')}
        confirmLabel={t('surveys.details.deleteConfirm')}
        danger
        loading={deleteState.loading}
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
      >
        <Text>{t('surveys.details.deleteText', { name: survey.name })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

export { SurveyDetailsRoute as Component };
