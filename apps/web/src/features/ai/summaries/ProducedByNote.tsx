// Says what made an AI text: the embedded engine's extractive summary (quoted comments, no model) or a
// named model's generated text. An extractive answer is never dressed as generated text.
import { Badge, Stack, Text } from '@mantine/core';
import { IconQuote, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProducedByNote_ProvenanceFragment } from '../../../__generated__/graphql';

export function ProducedByNote({ producedBy }: { producedBy: ProducedByNote_ProvenanceFragment }) {
  const { t } = useTranslation('ai');
  const embedded = producedBy.engine === 'EMBEDDED';
  return (
    <Stack gap={4} align="flex-start">
      <Badge
        variant="light"
        color={embedded ? 'gray' : 'violet'}
        tt="none"
        leftSection={
          embedded ? <IconQuote size={12} aria-hidden /> : <IconSparkles size={12} aria-hidden />
        }
      >
        {embedded
          ? t('summary.extractiveLabel')
          : t('summary.generatedLabel', { model: producedBy.model ?? producedBy.method })}
      </Badge>
      <Text size="xs" c="dimmed">
        {embedded ? t('summary.extractiveExplanation') : t('summary.generatedExplanation')}
      </Text>
    </Stack>
  );
}
