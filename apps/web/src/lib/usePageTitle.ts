// The browser tab names the page: '<page> – Survey Console'.
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

export function usePageTitle(page: string): void {
  const { t } = useTranslation();
  useDocumentTitle(`${page} – ${t('common.appName')}`);
}
