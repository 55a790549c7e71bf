// Why the questionnaire cannot be answered (not started, ended, answered, not invited, a link that
// does not work) and what to do; or the thank-you page with the survey's end message.
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type StatusKind = 'notStarted' | 'ended' | 'answered' | 'notInvited' | 'invalid';

export function StatusPage({ kind, children }: { kind: StatusKind; children?: ReactNode }) {
  const { t } = useTranslation('questionnaire');
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={1} size="h2">
          {t(`status.${kind}.title`)}
        </Title>
        <Text>{t(`status.${kind}.text`)}</Text>
        {children}
      </Stack>
    </Paper>
  );
}

export function DonePage({ endMessage }: { endMessage: string }) {
  const { t } = useTranslation('questionnaire');
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={1} size="h2" tabIndex={-1} data-autofocus>
          {t('done.title')}
        </Title>
        <Text>{t('done.text')}</Text>
        {endMessage.trim() !== '' && (
          <Text style={{ whiteSpace: 'pre-line' }} data-testid="end-message">
            {endMessage}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('done.report')}
        </Text>
      </Stack>
    </Paper>
  );
}
