// What the summary and translation panels show before their answer: nothing while idle, a loader
// with the panel's own words while loading, or the error's message.
import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { PanelState } from './panelState';

export function PanelProgress({
  state,
  loading,
}: {
  state: Exclude<PanelState<unknown>, { status: 'success' }>;
  loading: string;
}) {
  if (state.status === 'idle') return null;
  if (state.status === 'loading')
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{loading}</Text>
      </Group>
    );
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {state.message}
    </Alert>
  );
}
