// The "means / spread" toggle of the grouped index and realization pages.
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export function SpreadToggle({
  value,
  onChange,
}: {
  value: boolean;
  onChange: (withSpread: boolean) => void;
}) {
  const { t } = useTranslation('report');
  const labelId = useId();
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={500} id={labelId}>
        {t('console.charts.spread')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value ? 'spread' : 'means'}
        onChange={(next) => onChange(next === 'spread')}
        data={[
          { value: 'means', label: t('console.charts.withoutSpread') },
          { value: 'spread', label: t('console.charts.withSpread') },
        ]}
      />
    </Stack>
  );
}
