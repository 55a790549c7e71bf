// Around every page: its code and texts load behind a spinner, and an error in it shows RouteError
// inside the frame instead of blanking the console.
import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { LoadingScreen } from './LoadingScreen';
import { RouteError } from './RouteError';

export function RouteBoundary({ children }: { children: ReactNode }) {
  // Another path is another page: it starts without the last page's error.
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} what="A page" fallback={(error) => <RouteError error={error} />}>
      <Suspense fallback={<LoadingScreen inline />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
