// Links in emails carry ?lng=<code>: open the page in the language the email was written in.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { changeLanguage } from './i18n';

export function useLanguageFromQuery(parameter = 'lng'): void {
  const [searchParams] = useSearchParams();
  const language = searchParams.get(parameter);
  useEffect(() => {
    if (language) void changeLanguage(language);
  }, [language]);
}
