// Create the AI search index: confirm, then the build's progress (it may take minutes; the dialog may
// be closed meanwhile), then the result or the error.
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SearchIndexControls_IndexFragment } from '../../../__generated__/graphql';
import { type DialogStep, isBuilding, progressPercent } from './indexRules';

export function CreateIndexDialog({
  step,
  index,
  starting,
  onConfirm,
  onClose,
}: {
  step: DialogStep;
  index: SearchIndexControls_IndexFragment | null;
  starting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('ai');
  const percent = progressPercent(index?.progress ?? 0);
  return (
    <Modal
      opened={step !== 'closed'}
      onClose={onClose}
      title={t('searchIndex.createTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('searchIndex.close') }}
    >
      <Stack gap="md">
        {step === 'confirm' && <Text size="sm">{t('searchIndex.createText')}</Text>}
        {step === 'running' && (
          <Stack gap="xs" role="status" aria-live="polite">
            <Text size="sm" fw={600}>
              {isBuilding(index?.status)
                ? t(`searchIndex.status.${index?.status ?? 'QUEUED'}`)
                : t('searchIndex.creating')}
            </Text>
            <Progress
              value={percent}
              animated
              aria-label={t('searchIndex.title')}
              aria-valuetext={`${percent} %`}
            />
            <Text size="sm" c="dimmed">
              {t('searchIndex.progress', { done: index?.done ?? 0, total: index?.total ?? 0 })}
            </Text>
          </Stack>
        )}
        {step === 'result' && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('searchIndex.created', { total: index?.total ?? 0 })}
          </Alert>
        )}
        {step === 'error' && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('searchIndex.createFailed')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {step === 'confirm' ? t('searchIndex.cancel') : t('searchIndex.close')}
          </Button>
          {step === 'confirm' && (
            <Button onClick={onConfirm} loading={starting}>
              {t('searchIndex.confirmCreate')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
