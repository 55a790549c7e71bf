// Trend survey: for each important criterion, better / same / worse since the base survey.
import { Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TrendChange } from '../../../__generated__/graphql';
import type { StepProps } from './stepProps';

const CHANGES: TrendChange[] = ['BETTER', 'SAME', 'WORSE'];

export function TrendStep({ draft, questions, change }: StepProps) {
  const { t } = useTranslation(['questionnaire', 'report']);
  return (
    <Stack gap="lg">
      <Text>{t('trend.intro', { survey: questions.trend?.baseSurveyName ?? '' })}</Text>
      {draft.important.map((id) => (
        <Radio.Group
          key={id}
          label={t(`report:criteria.${id}`, { defaultValue: String(id) })}
          value={draft.trend[id] ?? null}
          onChange={(value) =>
            change((d) => ({ ...d, trend: { ...d.trend, [id]: value as TrendChange } }))
          }
          styles={{ label: { fontWeight: 500, fontSize: 'var(--mantine-font-size-md)' } }}
        >
          <Group mt={6} gap="md">
            {CHANGES.map((value) => (
              <Radio
                key={value}
                value={value}
                size="md"
                label={t(`trend.${value.toLowerCase() as 'better' | 'same' | 'worse'}`)}
              />
            ))}
          </Group>
        </Radio.Group>
      ))}
    </Stack>
  );
}
