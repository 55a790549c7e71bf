// The change of a set's eNPS against the other set: a green arrow up, a red arrow down.
import { Group, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconEqual } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS } from '../charts/theme';
import { enpsDelta } from './chartRules';

/** Darker shades for the text, so it keeps its contrast on white. */
const TEXT_COLORS = { up: 'green.9', down: 'red.9', same: 'dimmed' } as const;

interface EnpsDeltaProps {
  score: number | null | undefined;
  other: number | null | undefined;
  otherName: string;
}

export function EnpsDelta({ score, other, otherName }: EnpsDeltaProps) {
  const { t } = useTranslation('report');
  const delta = enpsDelta(score, other);
  if (!delta) return null;
  const { direction, value } = delta;
  const Icon =
    direction === 'up' ? IconArrowUpRight : direction === 'down' ? IconArrowDownRight : IconEqual;
  const color =
    direction === 'up'
      ? CHART_COLORS.green
      : direction === 'down'
        ? CHART_COLORS.red
        : CHART_COLORS.grey;
  return (
    <Group gap={4} data-direction={direction}>
      <Icon size={20} color={color} aria-hidden />
      <Text size="sm" c={TEXT_COLORS[direction]}>
        {direction === 'same'
          ? t('console.charts.enps.same', { name: otherName })
          : t(`console.charts.enps.${direction}`, { count: Math.abs(value), name: otherName })}
      </Text>
    </Group>
  );
}
