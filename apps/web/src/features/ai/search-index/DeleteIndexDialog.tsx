// Delete the AI search index: confirm, the busy label while it goes, then the result or the error.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DialogStep } from './indexRules';

export function DeleteIndexDialog({
  step,
  onConfirm,
  onClose,
}: {
  step: DialogStep;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('ai');
  const running = step === 'running';
  return (
    <Modal
      opened={step !== 'closed'}
      onClose={running ? () => undefined : onClose}
      title={t('searchIndex.deleteTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('searchIndex.close') }}
    >
      <Stack gap="md">
        {(step === 'confirm' || running) && <Text size="sm">{t('searchIndex.deleteText')}</Text>}
        {step === 'result' && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('searchIndex.deleted')}
          </Alert>
        )}
        {step === 'error' && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('searchIndex.deleteFailed')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={running}>
            {step === 'confirm' || running ? t('searchIndex.cancel') : t('searchIndex.close')}
          </Button>
          {(step === 'confirm' || running) && (
            <Button color="red" onClick={onConfirm} loading={running}>
              {t('searchIndex.confirmDelete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
