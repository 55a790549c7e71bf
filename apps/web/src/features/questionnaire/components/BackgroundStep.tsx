// Background questions: optional, one radio group each, none pre-selected. Each offers "I prefer
// not to answer" (gender its own "prefer not to say"); skipping a question means the same.
import { Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DECLINED } from '../model';
import type { StepProps } from './stepProps';

export function BackgroundStep({ draft, questions, change }: StepProps) {
  const { t } = useTranslation(['questionnaire', 'report']);
  return (
    <Stack gap="lg">
      <Text>{t('background.intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('background.noneSelected')}
      </Text>
      {questions.background.map(({ question, options }) => {
        const key = question.toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
        return (
          <Radio.Group
            key={question}
            label={t(`report:background.${key}.name`, { defaultValue: key })}
            // Nothing chosen yet: no radio is checked (null), never a default answer.
            value={draft.background[question] ?? null}
            onChange={(value) =>
              change((d) => ({ ...d, background: { ...d.background, [question]: value } }))
            }
          >
            <Stack gap={6} mt="xs">
              {options.map((option) => (
                <Radio
                  key={option}
                  value={option}
                  label={t(`report:background.${key}.${option}`, { defaultValue: option })}
                />
              ))}
              {/* Gender has its own "prefer not to say"; a second such option would confuse. */}
              {!options.includes('undisclosed') && (
                <Radio value={DECLINED} label={t('background.notAnswered')} />
              )}
            </Stack>
          </Radio.Group>
        );
      })}
    </Stack>
  );
}
