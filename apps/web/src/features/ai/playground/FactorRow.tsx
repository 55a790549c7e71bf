// One observation factor: its name and the single-summary button on one line; below it the summary
// (or the no-comments / "Error:" text) once asked for. A factor not summarised yet is that one line.
import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../summaries/CopyButton';
import { type FactorState, singleSummaryDisabled } from './playgroundRules';

/** Memoised: a section of 31 rows re-renders only the row whose state changed. */
export const FactorRow = memo(function FactorRow({
  id,
  name,
  state,
  onSummarize,
}: {
  id: number;
  name: string;
  state: FactorState;
  onSummarize: (id: number) => void;
}) {
  const { t } = useTranslation('ai');
  return (
    <Paper
      withBorder={state.status !== 'idle'}
      p={state.status === 'idle' ? 4 : 'sm'}
      component="li"
      aria-label={name}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="center">
          <Text fw={state.status === 'idle' ? 400 : 600} size="sm">
            {name}
          </Text>
          <Group gap={4} wrap="nowrap">
            {state.status === 'done' && state.count > 0 && <CopyButton text={state.summary} />}
            <Button
              size="compact-sm"
              variant="light"
              disabled={singleSummaryDisabled(state)}
              onClick={() => onSummarize(id)}
              aria-label={t('playground.summarizeFactor', { factor: name })}
            >
              {t('playground.summarizeOne')}
            </Button>
          </Group>
        </Group>
        <FactorText state={state} />
      </Stack>
    </Paper>
  );
});

function FactorText({ state }: { state: FactorState }) {
  const { t } = useTranslation('ai');
  switch (state.status) {
    case 'idle':
      return null;
    case 'loading':
      return <Loader size="xs" aria-label={t('summary.loading')} />;
    case 'error':
      return (
        <Text size="sm" c="red.8" role="alert">
          {t('playground.errorPrefix', { message: state.message })}
        </Text>
      );
    case 'done':
      return state.count === 0 || state.summary === '' ? (
        <Text size="sm" c="dimmed">
          {t('playground.noComments')}
        </Text>
      ) : (
        <Stack gap={2}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {state.summary}
          </Text>
          <Text size="xs" c="dimmed">
            {t('playground.commentCount', { count: state.count })}
          </Text>
        </Stack>
      );
  }
}
