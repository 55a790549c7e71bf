// The questionnaire's own page frame, outside the console's chrome: the survey's name, a language
// switch over all 36 languages, and a narrow main column that suits a phone.
import { Box, Container, Group, NativeSelect, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/i18n';
import {
  LANGUAGE_NAMES,
  UI_LANGUAGES,
  htmlLang,
  normalizeLanguage,
} from '../../../lib/i18n/languages';

interface QuestionnaireFrameProps {
  surveyName?: string;
  companyName?: string;
  children: ReactNode;
}

export function QuestionnaireFrame({ surveyName, companyName, children }: QuestionnaireFrameProps) {
  const { t, i18n } = useTranslation('questionnaire');
  useDocumentTitle(surveyName ? `${surveyName} – ${t('title')}` : t('title'));
  const language = currentLanguage();
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Box
        component="header"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size={720} px="md" py="sm">
          <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
            <Box miw={0}>
              <Text fw={700} truncate="end">
                {surveyName ?? t('title')}
              </Text>
              {companyName && (
                <Text size="sm" c="dimmed" truncate="end">
                  {companyName}
                </Text>
              )}
            </Box>
            <NativeSelect
              aria-label={t('language')}
              value={language}
              onChange={(event) =>
                // Not remembered for the console: this device may be someone else's.
                void i18n.changeLanguage(normalizeLanguage(event.currentTarget.value))
              }
              data={UI_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
              lang={htmlLang(language)}
              w={140}
              style={{ flexShrink: 0 }}
            />
          </Group>
        </Container>
      </Box>
      <Container component="main" size={720} px="md" py="lg">
        {children}
      </Container>
    </Box>
  );
}
