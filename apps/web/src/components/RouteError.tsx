// What a page shows when it fails (see RouteBoundary): one broken page, not a blank console.
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { env } from '../env';
import { paths } from '../lib/paths';

export function RouteError({ error }: { error?: unknown }) {
  const { t } = useTranslation();
  return (
    <Stack maw={560} mx="auto" mt="xl" gap="md">
      <Title order={1} size="h2">
        {t('routeError.title')}
      </Title>
      <Alert color="red" role="alert">
        {t('routeError.description')}
        {env.DEV && error instanceof Error ? ` (${error.message})` : null}
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
