// The summary panel's body: loading, the summary with its comment count, provenance and copy button,
// or the error.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CommentAiPanels_SummarizeMutation } from '../../../__generated__/graphql';
import { CopyButton } from './CopyButton';
import { PanelProgress } from './PanelProgress';
import type { PanelState } from './panelState';
import { ProducedByNote } from './ProducedByNote';

export type SummaryData = CommentAiPanels_SummarizeMutation['summarizeComments'];

export function SummaryResult({ state }: { state: PanelState<SummaryData> }) {
  const { t } = useTranslation('ai');
  if (state.status !== 'success')
    return <PanelProgress state={state} loading={t('summary.loading')} />;
  const summary = state.data;
  return (
    <Paper withBorder p="sm" aria-label={t('summary.title')} component="section">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm">
            {t('summary.title')}
          </Text>
          {summary.text && <CopyButton text={summary.text} />}
        </Group>
        <ProducedByNote producedBy={summary.producedBy} />
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {summary.text || t('summary.empty')}
        </Text>
        {summary.keyPhrases.length > 0 && (
          <Group gap={4} aria-label={t('summary.keyPhrases')} role="list">
            {summary.keyPhrases.map((phrase) => (
              <Badge key={phrase} variant="outline" color="gray" tt="none" role="listitem">
                {phrase}
              </Badge>
            ))}
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {t('summary.commentCount', { count: summary.commentCount })}
        </Text>
      </Stack>
    </Paper>
  );
}
