// The sign-in page's language choice: Finnish, Swedish, English, each named in itself.
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../../lib/i18n/i18n';
import { LANGUAGE_NAMES, LOGIN_LANGUAGES, htmlLang } from '../../../lib/i18n/languages';

export function LoginLanguageSwitcher() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <Button.Group aria-label={t('common.language')}>
      {LOGIN_LANGUAGES.map((language) => (
        <Button
          key={language}
          lang={htmlLang(language)}
          variant={language === current ? 'light' : 'default'}
          aria-pressed={language === current}
          onClick={() => void changeLanguage(language)}
          flex={1}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Button.Group>
  );
}
