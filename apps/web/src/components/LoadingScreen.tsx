// The spinner while the app loads (full page) or a page's code loads (`inline`, inside the frame).
import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadingScreen({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center
      component={inline ? 'div' : 'main'}
      mih={inline ? undefined : '100vh'}
      py={inline ? 'xl' : undefined}
      role="status"
      aria-live="polite"
    >
      <Loader aria-hidden />
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}
