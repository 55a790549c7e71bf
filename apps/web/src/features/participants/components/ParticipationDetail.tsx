// A participation and its actions (administration.md sections 2 and 4): delete, send the invitation
// to this one participant, send the participation report and reopen. Report and reopen are enabled
// only once the participant has finished. Each action is confirmed in a dialog and then returns to
// the survey details with a toast.
import type { ApolloCache } from '@apollo/client';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  useParticipationDetail_DeleteMutation,
  useParticipationDetail_InviteMutation,
  useParticipationDetail_ReopenMutation,
  useParticipationDetail_ReportMutation,
  type InvitationDialog_ResultFragment,
  type ParticipationDetail_ParticipantFragment,
} from '../../../__generated__/graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { fieldErrorsMessage, readApiError, useErrorMessage } from '../../../lib/errors';
import { forgetSurveyParticipants } from '../cache';
import { formatDay, fullySent } from '../participantForm';
import { toastFailure, toastSuccess } from '../../../lib/toasts';

export type ParticipationAction = 'delete' | 'invite' | 'report' | 'reopen';

export interface ParticipationDetailProps {
  participant: ParticipationDetail_ParticipantFragment;
  /** An ended survey takes no invitation (the API refuses with `survey-ended`): the button is off. */
  surveyEnded: boolean;
  /** Where every done action goes: the survey details. */
  doneHref: string;
}

export function ParticipationDetail({
  participant,
  surveyEnded,
  doneHref,
}: ParticipationDetailProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const [action, setAction] = useState<ParticipationAction | null>(null);
  const forget = {
    update: (cache: ApolloCache) => forgetSurveyParticipants(cache, participant.surveyId),
  };
  const [remove, deleting] = useParticipationDetail_DeleteMutation(forget);
  const [invite, inviting] = useParticipationDetail_InviteMutation(forget);
  const [report, reporting] = useParticipationDetail_ReportMutation();
  const [reopen, reopening] = useParticipationDetail_ReopenMutation(forget);
  const finished = participant.finished != null;
  const variables = { id: participant.id };

  const sendResult = (result: InvitationDialog_ResultFragment | undefined, kind: 'report') => {
    if (result && fullySent(result)) {
      toastSuccess(t(`participants.toast.${kind}Sent`), participant.email);
      return true;
    }
    const reason = result?.failedRecipients[0]?.reason ?? t(`participants.detail.${kind}NotSent`);
    toastFailure(t('participants.toast.failed'), reason);
    return false;
  };

  const run = async () => {
    try {
      let done = false;
      if (action === 'delete') {
        const { data } = await remove({ variables });
        done = data?.deleteParticipant === true;
        if (done) toastSuccess(t('participants.toast.deleted'), participant.email);
      } else if (action === 'invite') {
        // Queued: the mail goes out behind the answer; the delivery log shows how it fared.
        const run = (await invite({ variables })).data?.inviteParticipant;
        done = run !== undefined && run.total > 0;
        if (done) toastSuccess(t('participants.toast.inviteQueued'), participant.email);
        else toastFailure(t('participants.toast.failed'), t('participants.detail.inviteNotSent'));
      } else if (action === 'report') {
        done = sendResult((await report({ variables })).data?.sendParticipationReport, 'report');
      } else if (action === 'reopen') {
        const answer = (await reopen({ variables })).data?.reopenParticipation;
        done = answer?.ok === true;
        if (done) toastSuccess(t('participants.toast.reopened'), participant.email);
        else
          toastFailure(
            t('participants.toast.failed'),
            fieldErrorsMessage(answer?.fieldErrors ?? [], t),
          );
      }
      setAction(null);
      if (done) await navigate(doneHref);
    } catch (error) {
      setAction(null);
      // A refusal the API explains (an ended survey takes no invitation) in the user's language.
      const { fieldErrors } = readApiError(error);
      const reason =
        fieldErrors.length > 0 ? fieldErrorsMessage(fieldErrors, t) : errorMessage(error);
      toastFailure(t('participants.toast.failed'), reason);
    }
  };

  const fact = (label: string, value: string) => (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value || t('participants.detail.none')}</Text>
    </div>
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="participation-heading">
      <Stack gap="md">
        <Title order={2} id="participation-heading">
          {t('participants.detail.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          {fact(t('participants.detail.created'), formatDay(participant.created))}
          {fact(t('participants.detail.invited'), formatDay(participant.invited))}
          {fact(t('participants.detail.reminded'), formatDay(participant.reminded))}
          {fact(t('participants.detail.finished'), formatDay(participant.finished))}
        </SimpleGrid>
        <Group gap="sm">
          <Button
            variant="default"
            disabled={surveyEnded}
            aria-describedby={surveyEnded ? 'participation-survey-ended' : undefined}
            onClick={() => setAction('invite')}
          >
            {t('participants.detail.invite')}
          </Button>
          <Button variant="default" disabled={!finished} onClick={() => setAction('report')}>
            {t('participants.detail.report')}
          </Button>
          <Button variant="default" disabled={!finished} onClick={() => setAction('reopen')}>
            {t('participants.detail.reopen')}
          </Button>
          <Button color="red" variant="light" onClick={() => setAction('delete')}>
            {t('participants.detail.delete')}
          </Button>
        </Group>
        {surveyEnded && (
          <Text size="sm" c="dimmed" id="participation-survey-ended">
            {t('participants.surveyEnded')}
          </Text>
        )}
        {!finished && (
          <Text size="sm" c="dimmed">
            {t('participants.detail.notFinishedHelp')}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={action !== null}
        title={action ? t(`participants.detail.${action}Title`) : ''}
        confirmLabel={action ? t(`participants.detail.${action}`) : undefined}
        danger={action === 'delete'}
        loading={deleting.loading || inviting.loading || reporting.loading || reopening.loading}
        onConfirm={() => void run()}
        onClose={() => setAction(null)}
      >
        <Text>
          {action ? t(`participants.detail.${action}Text`, { email: participant.email }) : ''}
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
