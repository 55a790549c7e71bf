// A 0..max slider whose value is shown and spoken. Until the person rates it (a tap or drag on the
// scale, or a key) it shows no thumb and says "Not rated", so no value is suggested; once rated it
// shows a tick and the value.
import { Group, Slider, Text } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './RatingSlider.module.css';

interface RatingSliderProps {
  label: string;
  value: number | null;
  max: number;
  onChange: (value: number) => void;
}

export function RatingSlider({ label, value, max, onChange }: RatingSliderProps) {
  const { t } = useTranslation('questionnaire');
  const labelId = useId();
  const rated = value !== null;
  const valueText = rated ? t('realization.valueText', { value }) : t('realization.notRated');
  return (
    <div data-rated={rated}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text id={labelId} fw={500}>
          {label}
        </Text>
        {rated ? (
          <Group gap={4} wrap="nowrap" aria-hidden>
            <IconCircleCheckFilled size={18} color="var(--mantine-color-teal-7)" />
            <Text fw={700} miw="3ch" ta="right">
              {value}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" aria-hidden style={{ whiteSpace: 'nowrap' }}>
            {t('realization.notRated')}
          </Text>
        )}
      </Group>
      <Slider
        mt={6}
        min={0}
        max={max}
        value={value ?? Math.round(max / 2)}
        label={null}
        className={rated ? undefined : classes.unrated}
        classNames={{ thumb: classes.thumb, track: classes.track }}
        color={rated ? undefined : 'gray'}
        thumbLabel={label}
        thumbValueText={valueText}
        thumbProps={{ 'aria-labelledby': labelId }}
        onChange={onChange}
        onChangeEnd={onChange}
        styles={{
          thumb: { width: 24, height: 24 },
          track: { height: 8 },
          bar: rated ? undefined : { display: 'none' },
        }}
      />
      <Group justify="space-between" mt={2} aria-hidden>
        <Text size="xs" c="dimmed">
          0
        </Text>
        <Text size="xs" c="dimmed">
          {max}
        </Text>
      </Group>
    </div>
  );
}
