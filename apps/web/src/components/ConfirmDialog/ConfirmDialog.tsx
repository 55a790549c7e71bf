// The one confirmation dialog of the console: a Mantine Modal with a title, a close (x) button,
// Cancel and OK buttons (labels default to common Cancel/OK); clicking outside or Escape closes it.
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  /** Text or content above the buttons. */
  children?: ReactNode;
  /** Label of the OK button (default: common OK). */
  confirmLabel?: ReactNode;
  /** Label of the cancel button (default: common Cancel). */
  cancelLabel?: ReactNode;
  /** A destructive action shows a red OK button. */
  danger?: boolean;
  /** Spinner on OK and no way to cancel while the action runs. */
  loading?: boolean;
  /** OK stays disabled until the dialog's content is complete. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  /** Cancel, the x, Escape and a click outside all call this. */
  onClose: () => void;
}

export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  loading = false,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => undefined : onClose}
      title={title}
      centered
      closeOnClickOutside
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {cancelLabel ?? t('confirmDialog.cancel')}
          </Button>
          <Button
            color={danger ? 'red' : undefined}
            onClick={onConfirm}
            loading={loading}
            disabled={confirmDisabled}
          >
            {confirmLabel ?? t('confirmDialog.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
