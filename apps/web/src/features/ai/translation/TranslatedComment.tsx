// One translated comment; it opens to its original, the original's language (upper case) and the
// detector's confidence as a rounded percentage.
import { Box, Button, Collapse, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure, useId } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CommentAiPanels_TranslateMutation } from '../../../__generated__/graphql';
import { confidencePercent, languageCode } from './translationRules';

export type TranslationItem =
  CommentAiPanels_TranslateMutation['translateComments']['items'][number];

export function TranslatedComment({ item }: { item: TranslationItem }) {
  const { t } = useTranslation('ai');
  const [opened, { toggle }] = useDisclosure(false);
  const originalId = useId();
  const translated = item.translatedText !== null;
  const detected = t('translation.detected', {
    language: languageCode(item.originalLanguage),
    confidence: confidencePercent(item.originalLanguageConfidence),
  });
  return (
    <Paper withBorder p="xs" component="li">
      <Text size="sm">{translated ? item.translatedText : item.originalText}</Text>
      {translated ? (
        <>
          <Button
            variant="subtle"
            color="blue.9"
            c="blue.9"
            size="compact-xs"
            mt={4}
            aria-expanded={opened}
            aria-controls={originalId}
            rightSection={
              opened ? (
                <IconChevronUp size={12} aria-hidden />
              ) : (
                <IconChevronDown size={12} aria-hidden />
              )
            }
            onClick={toggle}
          >
            {opened ? t('translation.hideOriginal') : t('translation.showOriginal')}
          </Button>
          <Collapse expanded={opened}>
            <Box
              id={originalId}
              mt={4}
              pl="sm"
              style={{ borderLeft: '2px solid var(--mantine-color-gray-4)' }}
            >
              <Stack gap={2}>
                <Text size="xs" fw={600}>
                  {t('translation.original')}
                </Text>
                <Text size="sm">{item.originalText}</Text>
                <Text size="xs" c="dimmed">
                  {detected}
                </Text>
              </Stack>
            </Box>
          </Collapse>
        </>
      ) : (
        <Text size="xs" c="dimmed" mt={2}>
          {detected}
        </Text>
      )}
    </Paper>
  );
}
