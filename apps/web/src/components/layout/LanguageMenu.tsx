// Every UI language, each named in itself and marked with its lang for screen readers. An Admin
// also sees which languages no native speaker has reviewed yet (machine quality), marked with *.
import { Box, Button, Popover, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../lib/i18n/i18n';
import { LANGUAGE_NAMES, UI_LANGUAGES, htmlLang, isReviewed } from '../../lib/i18n/languages';

/** `showReview`: mark the languages not yet reviewed (for Admins, who decide what to offer). */
export function LanguageMenu({ showReview = false }: { showReview?: boolean }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const current = currentLanguage();
  const choose = (language: string) => {
    close();
    void changeLanguage(language);
  };
  return (
    <Popover
      opened={opened}
      onChange={toggle}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          onClick={toggle}
        >
          <VisuallyHidden>{t('common.language')}: </VisuallyHidden>
          {/* Narrow screens show only the icon; the name stays for screen readers. */}
          <VisuallyHidden hiddenFrom="sm" lang={htmlLang(current)}>
            {LANGUAGE_NAMES[current]}
          </VisuallyHidden>
          <Box component="span" visibleFrom="sm" lang={htmlLang(current)}>
            {LANGUAGE_NAMES[current]}
          </Box>
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('common.language')}>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={4} verticalSpacing={4}>
          {UI_LANGUAGES.map((language) => (
            <Button
              key={language}
              lang={htmlLang(language)}
              variant={language === current ? 'light' : 'subtle'}
              color={language === current ? undefined : 'gray'}
              size="compact-sm"
              justify="flex-start"
              aria-pressed={language === current}
              onClick={() => choose(language)}
            >
              {LANGUAGE_NAMES[language]}
              {showReview && !isReviewed(language) && (
                <>
                  <span aria-hidden> *</span>
                  <VisuallyHidden lang={htmlLang(current)}>
                    {` (${t('common.languageUnreviewed')})`}
                  </VisuallyHidden>
                </>
              )}
            </Button>
          ))}
        </SimpleGrid>
        {showReview && (
          <Text size="xs" c="dimmed" mt="xs" maw={360}>
            {t('common.languageUnreviewedNote')}
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
