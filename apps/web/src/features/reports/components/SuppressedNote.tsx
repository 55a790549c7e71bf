// What a report shows in place of a hidden group: why it is hidden, never zeros. A group under the
// anonymity threshold says "fewer than T answered"; a large group hidden by the differencing check
// says so (docs/anonymity.md), so 132 respondents are never called "too few".
import { Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SuppressionReason } from '../../../__generated__/graphql';
import { useSession } from '../../../lib/session/session';

export interface SuppressedNoteProps {
  /** The group's name; omitted where the row already names it. */
  name?: string;
  /** `suppressedBecause`; null or omitted: the reason is not known (the generic text). */
  reason?: SuppressionReason | null;
}

/** The note's text: the reason in the UI language, with the group's name when given. */
export function suppressedText(
  t: TFunction<'report'>,
  threshold: number,
  { name, reason }: SuppressedNoteProps,
): string {
  if (!reason) {
    return name ? t('console.common.suppressedNamed', { name }) : t('console.common.suppressed');
  }
  return name
    ? t(`console.common.hiddenNamed.${reason}`, { name, threshold })
    : t(`console.common.hidden.${reason}`, { threshold });
}

export function SuppressedNote(props: SuppressedNoteProps) {
  const { t } = useTranslation('report');
  const { configuration } = useSession();
  return (
    <Text c="dimmed" size="sm" role="note" data-suppressed={props.reason ?? 'unknown'}>
      <IconEyeOff size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {suppressedText(t, configuration.anonymityThreshold, props)}
    </Text>
  );
}
