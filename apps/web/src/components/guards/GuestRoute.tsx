// Pages for signed-out users (sign-in, two-factor, confirmation, reset). A signed-in user goes to /,
// or back to the page that sent them to sign in.
import { Navigate, Outlet, useLocation } from 'react-router';
import { returnPath } from '../../lib/navigation';
import { useSession } from '../../lib/session/session';

export function GuestRoute() {
  const { account } = useSession();
  const location = useLocation();
  if (account) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
