// Which engine (and model) produced an answer, so an extractive answer is never taken for generated
// text. The method's internal name (bm25+hashed-char-ngrams-rrf…) is not shown: the disclaimer says
// in plain words what the engine did.
import { Badge, Group } from '@mantine/core';
import { IconCpu, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AskAnswer } from './types';

export function EngineLabel({ producedBy }: { producedBy: AskAnswer['producedBy'] }) {
  const { t } = useTranslation('ai');
  const embedded = producedBy.engine === 'EMBEDDED';
  return (
    <Group gap="xs" wrap="wrap">
      <Badge
        variant="light"
        color={embedded ? 'gray' : 'violet'}
        leftSection={
          embedded ? <IconCpu size={12} aria-hidden /> : <IconSparkles size={12} aria-hidden />
        }
        data-testid="ask-engine"
      >
        {embedded
          ? t('common.engineEmbedded')
          : t('common.engineProvider', { model: producedBy.model ?? '' })}
      </Badge>
    </Group>
  );
}
