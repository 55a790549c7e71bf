// Under a chart: each group's participants and mean, or the suppressed note in its place.
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SuppressionReason } from '../../../__generated__/graphql';
import { SuppressedNote } from '../components/SuppressedNote';
import { formatIndex } from '../format';

export interface GroupNote {
  name: string;
  suppressed: boolean;
  /** Why it is hidden (`suppressedBecause`). */
  suppressedBecause?: SuppressionReason | null;
  participants: number | null;
  /** The group's mean (index); omitted: only participants. */
  value?: number | null;
}

export function GroupNotes({
  groups,
  valueLabel,
}: {
  groups: readonly GroupNote[];
  valueLabel?: string;
}) {
  const { t } = useTranslation('report');
  return (
    <List size="sm" listStyleType="none" spacing={4} mt="sm">
      {groups.map((group, index) => (
        <List.Item key={`${index}-${group.name}`}>
          {group.suppressed ? (
            <SuppressedNote name={group.name} reason={group.suppressedBecause} />
          ) : (
            <Text size="sm">
              {valueLabel && group.value !== undefined
                ? t('console.charts.groupValue', {
                    name: group.name,
                    label: valueLabel,
                    value: formatIndex(group.value),
                    count: group.participants ?? 0,
                  })
                : t('console.charts.groupRespondents', {
                    name: group.name,
                    count: group.participants ?? 0,
                  })}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}
