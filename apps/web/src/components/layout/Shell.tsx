// The page frame: skip link, header (signed-in only), the route's content in <main>, footer.
import { Anchor, Box, Flex } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '../../lib/session/session';
import { Footer } from './Footer';
import { HEADER_HEIGHT } from './headerHeight';
import classes from './Shell.module.css';

// Only signed-in users see the header; its menus and popovers stay out of the sign-in page's download.
const Header = lazy(() => import('./Header'));
// Toasts report the outcome of signed-in actions; the sign-in pages show their messages inline.
const Toasts = lazy(() => import('./Toasts'));

export const MAIN_ID = 'main-content';

export function Shell() {
  const { t } = useTranslation();
  const { account } = useSession();
  return (
    <Flex direction="column" mih="100vh">
      <Anchor href={`#${MAIN_ID}`} className={classes.skipLink}>
        {t('common.skipToContent')}
      </Anchor>
      {account && (
        <>
          <Suspense fallback={<Box h={HEADER_HEIGHT} className={classes.headerBar} />}>
            <Header account={account} />
          </Suspense>
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        </>
      )}
      <Box component="main" id={MAIN_ID} tabIndex={-1} flex={1} px="md" py="xl">
        <Outlet />
      </Box>
      <Footer />
    </Flex>
  );
}
