// A 0..max slider whose value is shown and spoken, and which says "not rated" until the person
// moves it (by pointer or keyboard) or presses its rate button to keep the middle value.
import { Button, Group, Slider, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

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
  const shown = value ?? Math.round(max / 2);
  const valueText = rated ? t('realization.valueText', { value }) : t('realization.notRated');
  return (
    <div>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text id={labelId} fw={500}>
          {label}
        </Text>
        <Text
          fw={700}
          c={rated ? undefined : 'dimmed'}
          miw="5.5ch"
          ta="right"
          aria-hidden
          style={{ whiteSpace: 'nowrap' }}
        >
          {rated ? value : '–'}
        </Text>
      </Group>
      <Group wrap="nowrap" gap="sm" mt={4}>
        <Slider
          flex={1}
          min={0}
          max={max}
          value={shown}
          label={null}
          color={rated ? undefined : 'gray'}
          thumbLabel={label}
          thumbValueText={valueText}
          thumbProps={{ 'aria-labelledby': labelId }}
          onChange={onChange}
          onChangeEnd={onChange}
          styles={{ thumb: { width: 24, height: 24 }, track: { height: 8 } }}
        />
        {!rated && (
          <Button size="compact-sm" variant="light" onClick={() => onChange(shown)}>
            {t('realization.rate')}
            <VisuallyHidden>{` ${label}`}</VisuallyHidden>
          </Button>
        )}
      </Group>
    </div>
  );
}
