// /responder/add/:companyId/:surveyId (Admin, PartnerAdmin, SuperUser): a new participant of a survey
// without a base survey; the units come from the company's unit levels. After save, back to the
// survey details.
import { Anchor, Center, Loader, Stack, Title } from '@mantine/core';
import { useApolloClient } from '@apollo/client/react';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  AddParticipantRoute_EmailInUseDocument,
  useAddParticipantRoute_AddMutation,
  useAddParticipantRoute_OptionsQuery,
} from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/usePageTitle';
import { forgetSurveyParticipants } from '../cache';
import { ParticipantForm } from '../components/ParticipantForm';
import {
  EMPTY_PARTICIPANT_FORM,
  serverErrors,
  unitIdsOf,
  type ParticipantFormErrors,
  type ParticipantFormValues,
} from '../participantForm';
import { toastFailure, toastSuccess } from '../../../lib/toasts';

export function AddParticipantRoute() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  usePageTitle(t('participants.addTitle'));
  const navigate = useNavigate();
  const client = useApolloClient();
  const { configuration } = useSession();
  const { companyId = '', surveyId = '' } = useParams();
  const options = useAddParticipantRoute_OptionsQuery({ variables: { companyId, surveyId } });
  const [add, { loading: saving }] = useAddParticipantRoute_AddMutation();
  const [errors, setErrors] = useState<ParticipantFormErrors>({});
  const details = getHref(paths.surveyDetails, { id: surveyId });

  const emailInUse = async (email: string) => {
    const { data } = await client.query({
      query: AddParticipantRoute_EmailInUseDocument,
      variables: { surveyId, email },
      fetchPolicy: 'network-only',
    });
    return data?.participantEmailInUse === true;
  };

  const submit = async (values: ParticipantFormValues) => {
    try {
      const { data } = await add({
        variables: {
          input: {
            surveyId,
            companyId,
            email: values.email,
            firstName: values.firstName,
            lastName: values.lastName,
            languageCode: values.languageCode ?? '',
            unitIds: unitIdsOf(values),
            companyDisplayName: values.companyDisplayName.trim(),
            surveyContinueLink: values.surveyContinueLink.trim(),
          },
        },
        update: (cache) => forgetSurveyParticipants(cache, surveyId),
      });
      const result = data?.addParticipant;
      if (!result?.ok) {
        setErrors(serverErrors(result?.fieldErrors ?? []));
        return;
      }
      toastSuccess(t('participants.toast.added'), values.email);
      await navigate(details);
    } catch (error) {
      toastFailure(t('participants.toast.failed'), errorMessage(error));
    }
  };

  const survey = options.data?.survey;
  const company = options.data?.company;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={details} size="sm">
        <IconArrowLeft size={14} aria-hidden /> {t('participants.backToSurvey')}
      </Anchor>
      <Title order={1}>
        {survey
          ? t('participants.addHeading', { survey: survey.name })
          : t('participants.addTitle')}
      </Title>
      {options.error && <ErrorAlert message={errorMessage(options.error)} />}
      {survey?.baseSurveyId && <ErrorAlert message={t('participants.trackingSurvey')} />}
      {options.loading && !options.data ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : company && survey && !survey.baseSurveyId ? (
        <ParticipantForm
          mode="add"
          initial={EMPTY_PARTICIPANT_FORM}
          languages={configuration.languages}
          unitLevels={company.unitLevels}
          serverErrors={errors}
          saving={saving}
          emailInUse={emailInUse}
          onSubmit={(values) => void submit(values)}
        />
      ) : null}
    </Stack>
  );
}

export { AddParticipantRoute as Component };
