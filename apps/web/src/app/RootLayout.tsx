// The root route's element: the session around the page frame, and the last resort if it fails.
import { Box } from '@mantine/core';
import { Shell } from '../components/layout/Shell';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { RouteError } from '../components/RouteError';
import { SessionProvider } from './session/SessionProvider';

export function RootLayout() {
  return (
    <ErrorBoundary what="The page frame" fallback={(error) => <RootError error={error} />}>
      <SessionProvider>
        <Shell />
      </SessionProvider>
    </ErrorBoundary>
  );
}

/** When the frame itself fails: still a page with a main landmark. */
function RootError({ error }: { error: unknown }) {
  return (
    <Box component="main" p="md">
      <RouteError error={error} />
    </Box>
  );
}
