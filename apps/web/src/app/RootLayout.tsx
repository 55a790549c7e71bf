// The root route's element: the session around the page frame.
import { Box } from '@mantine/core';
import { Shell } from '../components/layout/Shell';
import { RouteError } from '../components/RouteError';
import { SessionProvider } from './session/SessionProvider';

export function RootLayout() {
  return (
    <SessionProvider>
      <Shell />
    </SessionProvider>
  );
}

/** Last resort when the frame itself fails: still a page with a main landmark. */
export function RootError() {
  return (
    <Box component="main" p="md">
      <RouteError />
    </Box>
  );
}
