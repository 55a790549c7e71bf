// /responder/:id/:surveyId/:pid/:companyId (Admin, PartnerAdmin, SuperUser): the participant form
// (id is the responder number, pid the participation) and the participation with its actions.
// After save, back to the survey details.
import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  useEditParticipantRoute_ParticipantQuery,
  useEditParticipantRoute_UpdateMutation,
} from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/usePageTitle';
import { forgetSurveyParticipants } from '../cache';
import { ParticipantForm } from '../components/ParticipantForm';
import { ParticipationDetail } from '../components/ParticipationDetail';
import {
  PARTICIPANT_SEARCH_PARAM,
  serverErrors,
  surveyDetailsHref,
  unitIdsOf,
  unitsByLevel,
  type ParticipantFormErrors,
  type ParticipantFormValues,
} from '../participantForm';
import { toastFailure, toastSuccess } from '../../../lib/toasts';

export function EditParticipantRoute() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  usePageTitle(t('participants.editTitle'));
  const navigate = useNavigate();
  const { configuration } = useSession();
  const { surveyId = '', pid = '', companyId = '' } = useParams();
  const { data, loading, error } = useEditParticipantRoute_ParticipantQuery({
    variables: { pid, companyId, surveyId },
    fetchPolicy: 'cache-and-network',
  });
  const [update, { loading: saving }] = useEditParticipantRoute_UpdateMutation({
    update: (cache) => forgetSurveyParticipants(cache, surveyId),
  });
  const [errors, setErrors] = useState<ParticipantFormErrors>({});
  const [params] = useSearchParams();
  const details = surveyDetailsHref(
    getHref(paths.surveyDetails, { id: surveyId }),
    params.get(PARTICIPANT_SEARCH_PARAM),
  );
  const participant = data?.participant;
  const unitLevels = data?.company?.unitLevels ?? [];

  const submit = async (values: ParticipantFormValues) => {
    if (!participant) return;
    try {
      const result = await update({
        variables: {
          id: participant.id,
          input: {
            email: values.email,
            firstName: values.firstName,
            lastName: values.lastName,
            languageCode: values.languageCode ?? '',
            pinCode: values.pinCode,
            unitIds: unitIdsOf(values),
            companyDisplayName: values.companyDisplayName.trim(),
            surveyContinueLink: values.surveyContinueLink.trim(),
          },
        },
      });
      const answer = result.data?.updateParticipant;
      if (!answer?.ok) {
        setErrors(serverErrors(answer?.fieldErrors ?? []));
        return;
      }
      toastSuccess(t('participants.toast.saved'), values.email);
      await navigate(details);
    } catch (failure) {
      toastFailure(t('participants.toast.failed'), errorMessage(failure));
    }
  };

  const back = (
    <Anchor component={Link} to={details} size="sm">
      <IconArrowLeft size={14} aria-hidden /> {t('participants.backToSurvey')}
    </Anchor>
  );
  if (loading && !data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (error || !participant) {
    return (
      <Stack gap="md">
        {back}
        <ErrorAlert message={error ? errorMessage(error) : t('participants.notFound')} />
      </Stack>
    );
  }

  const initial: ParticipantFormValues = {
    email: participant.email,
    firstName: participant.firstName,
    lastName: participant.lastName,
    languageCode: participant.languageCode,
    units: unitsByLevel(participant.unitIds, unitLevels),
    companyDisplayName: participant.companyDisplayName,
    surveyContinueLink: participant.surveyContinueLink,
    pinCode: participant.pinCode ?? '',
  };

  return (
    <Stack gap="lg">
      {back}
      <div>
        <Title order={1}>{participant.name}</Title>
        <Text c="dimmed">
          {t('participants.responderNumber', { number: participant.responderId })}
        </Text>
      </div>
      <ParticipantForm
        key={participant.id}
        mode="edit"
        initial={initial}
        languages={configuration.languages}
        unitLevels={unitLevels}
        serverErrors={errors}
        saving={saving}
        onSubmit={(values) => void submit(values)}
      />
      <ParticipationDetail
        participant={participant}
        surveyEnded={data?.survey?.hasEnded === true}
        doneHref={details}
      />
    </Stack>
  );
}

export { EditParticipantRoute as Component };
