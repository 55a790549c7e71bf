// The L-index range filter: flame buttons 1..3 for the ranges (0-69, 70-84, 85-100); the active one
// clears the filter when clicked again.
import { Button, Group, Text } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toggledRange, type IndexRange } from './commentRules';

export function FlameFilter({
  ranges,
  active,
  onChange,
}: {
  ranges: readonly IndexRange[];
  active: number | null;
  onChange: (range: number | null) => void;
}) {
  const { t } = useTranslation('report');
  return (
    <Group gap="xs" role="group" aria-label={t('console.openComments.indexFilter')}>
      <Text size="sm" fw={500}>
        {t('console.openComments.indexFilter')}
      </Text>
      {ranges.map((range, index) => (
        // Each button says its range in writing too: flames alone do not say what they filter.
        <Button
          key={index}
          variant={active === index ? 'filled' : 'default'}
          color="orange.9"
          size="compact-sm"
          aria-pressed={active === index}
          aria-label={t('console.openComments.indexRange', { from: range.from, to: range.to })}
          title={t('console.openComments.indexRange', { from: range.from, to: range.to })}
          onClick={() => onChange(toggledRange(active, index))}
          leftSection={
            <Group gap={0} wrap="nowrap" aria-hidden>
              {Array.from({ length: index + 1 }, (_, flame) => (
                <IconFlame key={flame} size={14} />
              ))}
            </Group>
          }
        >
          {t('console.charts.binRange', { from: range.from, to: range.to })}
        </Button>
      ))}
    </Group>
  );
}
