// Background questions: optional, one radio group each, with "I prefer not to answer".
import { Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StepProps } from './stepProps';

const NOT_ANSWERED = '';

export function BackgroundStep({ draft, questions, change }: StepProps) {
  const { t } = useTranslation(['questionnaire', 'report']);
  return (
    <Stack gap="lg">
      <Text>{t('background.intro')}</Text>
      {questions.background.map(({ question, options }) => {
        const key = question.toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
        return (
          <Radio.Group
            key={question}
            label={t(`report:background.${key}.name`, { defaultValue: key })}
            value={draft.background[question] ?? NOT_ANSWERED}
            onChange={(value) =>
              change((d) => {
                const others = Object.entries(d.background).filter(([q]) => q !== question);
                const chosen = value === NOT_ANSWERED ? [] : [[question, value]];
                return { ...d, background: Object.fromEntries([...others, ...chosen]) };
              })
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
                <Radio value={NOT_ANSWERED} label={t('background.notAnswered')} />
              )}
            </Stack>
          </Radio.Group>
        );
      })}
    </Stack>
  );
}
