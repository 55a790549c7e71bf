// Overall satisfaction 0..100, eNPS 0..10 and willingness to change job.
import { Chip, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RatingSlider } from './RatingSlider';
import type { StepProps } from './stepProps';

const ENPS_VALUES = Array.from({ length: 11 }, (_, i) => i);

export function OverallStep({ draft, change }: StepProps) {
  const { t } = useTranslation('questionnaire');
  const enpsLabel = useId();
  return (
    <Stack gap="xl">
      <RatingSlider
        label={t('overall.satisfaction')}
        value={draft.satisfaction}
        max={100}
        onChange={(satisfaction) => change((d) => ({ ...d, satisfaction }))}
      />
      <div role="radiogroup" aria-labelledby={enpsLabel}>
        <Text id={enpsLabel} fw={500} mb="xs">
          {t('overall.enps')}
        </Text>
        <Chip.Group
          multiple={false}
          value={draft.enps === null ? null : String(draft.enps)}
          onChange={(value) => change((d) => ({ ...d, enps: Number(value) }))}
        >
          {/* One row of eleven on every width: 0 and 10 stay the ends of the scale. */}
          <SimpleGrid cols={ENPS_VALUES.length} spacing={4}>
            {ENPS_VALUES.map((value) => (
              <Chip
                key={value}
                value={String(value)}
                type="radio"
                size="md"
                icon={null}
                styles={{
                  root: { minWidth: 0 },
                  label: {
                    width: '100%',
                    minWidth: 0,
                    paddingInline: 0,
                    justifyContent: 'center',
                  },
                  iconWrapper: { display: 'none' },
                }}
              >
                {value}
              </Chip>
            ))}
          </SimpleGrid>
        </Chip.Group>
        <Group justify="space-between" mt={4} gap="xs" wrap="nowrap" aria-hidden>
          <Text size="xs" c="dimmed">
            {t('overall.enpsLow')}
          </Text>
          <Text size="xs" c="dimmed" ta="right">
            {t('overall.enpsHigh')}
          </Text>
        </Group>
      </div>
      <Radio.Group
        label={t('overall.changeJob')}
        value={draft.changeJob === null ? null : String(draft.changeJob)}
        onChange={(value) => change((d) => ({ ...d, changeJob: value === 'true' }))}
        styles={{ label: { fontWeight: 500, fontSize: 'var(--mantine-font-size-md)' } }}
      >
        <Group mt="xs">
          <Radio value="true" label={t('overall.yes')} size="md" />
          <Radio value="false" label={t('overall.no')} size="md" />
        </Group>
      </Radio.Group>
    </Stack>
  );
}
