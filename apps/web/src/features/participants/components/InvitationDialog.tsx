// The send invitations / send reminders dialog (administration.md section 4): first a confirmation,
// then the run's progress (the send answers at once and the mail queue sends behind it: total,
// sent, failed with the failed recipients, waiting; polled until none waits) or the error text with
// only a close button. Closing clears the run and the error, so the next opening asks again.
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useInvitationDialog_RunQuery,
  type InvitationDialog_RunFragment,
} from '../../../__generated__/graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fieldErrorsMessage, readApiError, useErrorMessage } from '../../../lib/errors';

export interface InvitationDialogProps {
  opened: boolean;
  title: string;
  /** What OK will do. */
  children: ReactNode;
  confirmLabel: string;
  send: () => Promise<InvitationDialog_RunFragment>;
  onClose: () => void;
}

export function InvitationDialog({
  opened,
  title,
  children,
  confirmLabel,
  send,
  onClose,
}: InvitationDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<InvitationDialog_RunFragment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = result !== null || error !== null;

  const close = () => {
    setResult(null);
    setError(null);
    onClose();
  };

  const confirm = async () => {
    setSending(true);
    try {
      setResult(await send());
    } catch (failure) {
      // A refusal the API explains (an ended survey) in the user's language.
      const { fieldErrors } = readApiError(failure);
      setError(fieldErrors.length > 0 ? fieldErrorsMessage(fieldErrors, t) : errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  if (!done) {
    return (
      <ConfirmDialog
        opened={opened}
        title={title}
        confirmLabel={confirmLabel}
        loading={sending}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        {children}
      </ConfirmDialog>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {error !== null || result === null ? (
          <ErrorAlert message={error ?? ''} />
        ) : (
          <RunProgress first={result} />
        )}
        <Group justify="flex-end">
          <Button onClick={close}>{t('common.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const POLL_MS = 1000;

/** The run as the send answered it, then as the mail queue progresses. */
function RunProgress({ first }: { first: InvitationDialog_RunFragment }) {
  const { t } = useTranslation();
  const { data, startPolling, stopPolling } = useInvitationDialog_RunQuery({
    variables: { id: first.id },
    skip: first.finished,
  });
  const run = data?.mailRun ?? first;
  useEffect(() => {
    if (run.finished) return undefined;
    startPolling(POLL_MS);
    return stopPolling;
  }, [run.finished, startPolling, stopPolling]);
  return (
    <Stack gap="xs" data-testid="invitation-summary">
      <Text>{t('participants.send.total', { n: run.total })}</Text>
      <Text c="green.8">
        {t('participants.send.progress', { sent: run.sent, total: run.total })}
      </Text>
      <Text c={run.failed > 0 ? 'red.8' : undefined}>
        {t('participants.send.failed', { n: run.failed })}
      </Text>
      {!run.finished && (
        <Text c="dimmed">{t('participants.send.pending', { n: run.pending })}</Text>
      )}
      {run.failures.length > 0 && (
        <List size="sm" aria-label={t('participants.send.failedList')}>
          {run.failures.map((recipient) => (
            <List.Item key={recipient.email}>
              {t('participants.send.failedRecipient', {
                email: recipient.email,
                reason: recipient.reason,
              })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
