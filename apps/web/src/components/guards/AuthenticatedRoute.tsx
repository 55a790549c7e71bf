// Signed-in users with an allowed role pass; others go to /login (remembering where they were) or
// to /unauthorized. The console's page texts (`admin`) load here, so the sign-in pages never fetch them.
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { AuthRedirectState } from '../../lib/navigation';
import { paths } from '../../lib/paths';
import { ALL_ROLES, type Role } from '../../lib/roles';
import { useSession } from '../../lib/session/session';
import { LoadingScreen } from '../LoadingScreen';

export function AuthenticatedRoute({ roles = ALL_ROLES }: { roles?: readonly Role[] }) {
  const { account, expired } = useSession();
  const { t, ready } = useTranslation(['common', 'admin'], { useSuspense: false });
  const { pathname, search, hash } = useLocation();
  if (!account) {
    // A session that ended under the user says so on /login (not a wrong password).
    const state: AuthRedirectState = {
      from: { pathname, search, hash },
      notice: expired ? t('errors.sessionExpired') : undefined,
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (!roles.includes(account.role)) return <Navigate to={paths.unauthorized} replace />;
  // The page texts arrive with (or just after) the session check; until then, the loading screen.
  return ready ? <Outlet /> : <LoadingScreen inline />;
}
