// Shown instead of the app when `me` or `configuration` cannot be loaded (gateway down, network gone).
import { Alert, Button, Center, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../lib/errors';

export function SessionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const message = useErrorMessage();
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack maw={480} gap="md">
        <Title order={1} size="h2">
          {t('common.sessionFailed')}
        </Title>
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {message(error)}
        </Alert>
        <Button onClick={onRetry} w="fit-content">
          {t('common.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
