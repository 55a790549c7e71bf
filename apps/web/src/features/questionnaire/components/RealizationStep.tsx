// How well each criterion is realized, 0..100: one slider per criterion.
import { Divider, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { RatingSlider } from './RatingSlider';
import type { StepProps } from './stepProps';

export function RealizationStep({ draft, questions, change }: StepProps) {
  const { t } = useTranslation(['questionnaire', 'report']);
  const rated = questions.criteria.filter((id) => draft.realizations[id] !== undefined).length;
  return (
    <Stack gap="md">
      <Text>{t('realization.intro')}</Text>
      <Text fw={600} aria-live="polite">
        {t('realization.rated', { rated, count: questions.criteria.length })}
      </Text>
      {questions.criteria.map((id, index) => (
        <Fragment key={id}>
          {index > 0 && <Divider />}
          <RatingSlider
            label={t(`report:criteria.${id}`, { defaultValue: String(id) })}
            value={draft.realizations[id] ?? null}
            max={100}
            onChange={(value) =>
              change((d) => ({ ...d, realizations: { ...d.realizations, [id]: value } }))
            }
          />
        </Fragment>
      ))}
    </Stack>
  );
}
