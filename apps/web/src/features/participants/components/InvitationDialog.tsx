// The send invitations / send reminders dialog (administration.md section 4): first a confirmation,
// then the result summary (total, succeeded, failed, the failed recipients) or the error text with
// only a close button. Closing clears the result and the error, so the next opening asks again.
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationDialog_ResultFragment } from '../../../__generated__/graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';

export interface InvitationDialogProps {
  opened: boolean;
  title: string;
  /** What OK will do. */
  children: ReactNode;
  confirmLabel: string;
  send: () => Promise<InvitationDialog_ResultFragment>;
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
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<InvitationDialog_ResultFragment | null>(null);
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
      setError(errorMessage(failure));
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

  const succeeded = result?.successfulRecipients.length ?? 0;
  const failed = result?.failedRecipients ?? [];
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {error !== null ? (
          <ErrorAlert message={error} />
        ) : (
          <Stack gap="xs" data-testid="invitation-summary">
            <Text>{t('participants.send.total', { n: succeeded + failed.length })}</Text>
            <Text c="green.8">{t('participants.send.succeeded', { n: succeeded })}</Text>
            <Text c={failed.length > 0 ? 'red.8' : undefined}>
              {t('participants.send.failed', { n: failed.length })}
            </Text>
            {failed.length > 0 && (
              <List size="sm" aria-label={t('participants.send.failedList')}>
                {failed.map((recipient) => (
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
        )}
        <Group justify="flex-end">
          <Button onClick={close}>{t('common.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
