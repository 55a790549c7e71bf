// Follow-up questions: each runs as the next question of the thread.
import { Button, Stack, Title } from '@mantine/core';
import { IconArrowForwardUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface FollowUpsProps {
  questions: readonly string[];
  disabled: boolean;
  onAsk: (question: string) => void;
}

export function FollowUps({ questions, disabled, onAsk }: FollowUpsProps) {
  const { t } = useTranslation('ai');
  if (questions.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="ask-follow-ups">
      <Title order={2} size="h4" id="ask-follow-ups">
        {t('ask.followUps')}
      </Title>
      {questions.map((question) => (
        <Button
          key={question}
          variant="light"
          justify="flex-start"
          leftSection={<IconArrowForwardUp size={16} aria-hidden />}
          disabled={disabled}
          onClick={() => onAsk(question)}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          h="auto"
          py={6}
          data-testid="ask-follow-up"
        >
          {question}
        </Button>
      ))}
    </Stack>
  );
}
