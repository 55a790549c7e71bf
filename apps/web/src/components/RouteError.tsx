// A route's error boundary: one broken page shows this instead of blanking the whole console.
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { paths } from '../lib/paths';

export function RouteError() {
  const { t } = useTranslation('admin');
  const error = useRouteError();
  return (
    <Stack maw={560} mx="auto" mt="xl" gap="md">
      <Title order={1} size="h2">
        {t('routeError.title')}
      </Title>
      <Alert color="red" role="alert">
        {t('routeError.description')}
        {import.meta.env.DEV && error instanceof Error ? ` (${error.message})` : null}
      </Alert>
      <Group>
        <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
        <Button component={Link} to={paths.home} variant="light">
          {t('common.startPage')}
        </Button>
      </Group>
    </Stack>
  );
}
