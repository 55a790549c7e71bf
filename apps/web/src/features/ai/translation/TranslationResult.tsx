// The translation panel's body: loading, the translated comments (each opening to its original), the
// embedded engine's "needs a configured model" answer shown as such, or an error.
import { Badge, Paper, Stack, Text } from '@mantine/core';
import { IconLanguageOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CommentAiPanels_TranslateMutation } from '../../../__generated__/graphql';
import { PanelProgress } from '../summaries/PanelProgress';
import type { PanelState } from '../summaries/panelState';
import { ProducedByNote } from '../summaries/ProducedByNote';
import { TranslatedComment } from './TranslatedComment';

export type TranslationData = CommentAiPanels_TranslateMutation['translateComments'];

export function TranslationResult({ state }: { state: PanelState<TranslationData> }) {
  const { t } = useTranslation('ai');
  if (state.status !== 'success')
    return <PanelProgress state={state} loading={t('translation.loading')} />;
  const { items, producedBy } = state.data;
  const untranslated = items.every((item) => item.translatedText === null);
  return (
    <Paper withBorder p="sm" aria-label={t('translation.title')} component="section">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('translation.title')}
        </Text>
        {untranslated ? (
          <Stack gap={4} align="flex-start">
            <Badge
              variant="light"
              color="gray"
              tt="none"
              leftSection={<IconLanguageOff size={12} aria-hidden />}
            >
              {t('translation.notTranslatedLabel')}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('translation.needsModel')}
            </Text>
          </Stack>
        ) : (
          <ProducedByNote producedBy={producedBy} />
        )}
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <TranslatedComment key={item.commentId} item={item} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
