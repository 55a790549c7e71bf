// What a report shows in place of a group below the anonymity threshold: a clear note, never zeros.
import { Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function SuppressedNote({ name }: { name?: string }) {
  const { t } = useTranslation('report');
  return (
    <Text c="dimmed" size="sm" role="note">
      <IconEyeOff size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {name ? t('console.common.suppressedNamed', { name }) : t('console.common.suppressed')}
    </Text>
  );
}
