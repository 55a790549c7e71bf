// The Ask page's error (reporting.md section 8): contact support on 403, no search index on 404, a
// retry message with a button while fewer than 3 retries were made, then a no-retry message. The
// user can close it, which resets it.
import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AskErrorKind } from '../rules';

interface AskErrorAlertProps {
  kind: AskErrorKind;
  /** The Admin is support: told what to do (no index, failed again), not to contact support. */
  admin: boolean;
  onRetry: () => void;
  onClose: () => void;
}

export function AskErrorAlert({ kind, admin, onRetry, onClose }: AskErrorAlertProps) {
  const { t } = useTranslation('ai');
  return (
    <Alert
      color={kind === 'retry' ? 'yellow' : 'red'}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      withCloseButton
      closeButtonLabel={t('ask.errors.close')}
      onClose={onClose}
      role="alert"
    >
      {admin && kind === 'noIndex'
        ? t('ask.errors.noIndexAdmin')
        : admin && kind === 'noRetry'
          ? t('ask.errors.noRetryAdmin')
          : t(`ask.errors.${kind}`)}
      {kind === 'retry' && (
        <Button size="compact-sm" variant="light" ml="sm" onClick={onRetry}>
          {t('ask.errors.retryButton')}
        </Button>
      )}
    </Alert>
  );
}
