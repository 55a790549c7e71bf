// One dashboard widget: a titled card that shows a loader while its data comes, its own error, a dash
// when its data is empty, and otherwise its content. Each card has its own error boundary, so a widget
// that fails to render leaves the rest of the dashboard standing.
import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { NO_VALUE } from '../format';

export interface WidgetProps {
  title: string;
  loading: boolean;
  /** The message of this widget's failed read. */
  error?: string | null;
  /** True when the read came back without data to show: the widget shows a dash. */
  empty: boolean;
  /** The content, built only when there is data. */
  children: () => ReactNode;
  testId?: string;
}

export function Widget({ title, loading, error, empty, children, testId }: WidgetProps) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId} h="100%">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <ErrorBoundary what="A dashboard widget" fallback={() => <FailedWidget />}>
          <WidgetBody loading={loading} error={error} empty={empty}>
            {children}
          </WidgetBody>
        </ErrorBoundary>
      </Stack>
    </Paper>
  );
}

function WidgetBody({ loading, error, empty, children }: Omit<WidgetProps, 'title' | 'testId'>) {
  const { t } = useTranslation('report');
  if (loading) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('console.common.loading')} />
      </Center>
    );
  }
  if (error) return <WidgetError message={error} />;
  if (empty) {
    return (
      <Text size="xl" ta="center" c="dimmed" aria-label={t('console.common.noData')}>
        {NO_VALUE}
      </Text>
    );
  }
  return <>{children()}</>;
}

function WidgetError({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {message}
    </Alert>
  );
}

function FailedWidget() {
  const { t } = useTranslation('report');
  return <WidgetError message={t('console.dashboard.widgetFailed')} />;
}
