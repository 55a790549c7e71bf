// Full-page spinner while the app (or a route's code) loads.
import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadingScreen() {
  const { t } = useTranslation('admin');
  return (
    <Center component="main" mih="100vh" role="status" aria-live="polite">
      <Loader aria-hidden />
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}
