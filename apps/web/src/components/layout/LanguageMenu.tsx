// Every UI language, each named in itself and marked with its lang for screen readers.
import { Box, Button, Popover, SimpleGrid, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../lib/i18n/i18n';
import { LANGUAGE_NAMES, UI_LANGUAGES, htmlLang } from '../../lib/i18n/languages';

export function LanguageMenu() {
  const { t } = useTranslation('admin');
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
            </Button>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}
