// Asks `me` and `configuration` before showing anything, re-checks `me` every 15 minutes, takes the
// account a sign-in answered as `me` (no second request) and switches the UI to its language, and
// owns signing out: the logout mutation, then a cache reset so no signed-in data outlives the session.
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  SessionProvider_MeDocument,
  useSessionProvider_ConfigurationQuery,
  useSessionProvider_LogoutMutation,
  useSessionProvider_MeQuery,
} from '../../__generated__/graphql';
import { LoadingScreen } from '../../components/LoadingScreen';
import { SessionError } from '../../components/SessionError';
import { changeLanguage } from '../../lib/i18n/i18n';
import { paths } from '../../lib/paths';
import { sessionExpiry, type ExpirySignal } from '../../lib/session/expiry';
import { SessionContext, type Session, type SessionAccount } from '../../lib/session/session';

/** The spec's session re-check interval. */
export const SESSION_RECHECK_MS = 900_000;

/** Operations whose UNAUTHENTICATED answer is not a session that ended under the user. */
const NOT_EXPIRY = new Set(['SessionProvider_Logout']);

export function SessionProvider({
  children,
  expiry = sessionExpiry,
}: {
  children: ReactNode;
  expiry?: ExpirySignal;
}) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const me = useSessionProvider_MeQuery({ pollInterval: SESSION_RECHECK_MS });
  const config = useSessionProvider_ConfigurationQuery();
  const [logout] = useSessionProvider_LogoutMutation();

  // previousData keeps the UI steady while a cache reset refetches.
  const account = (me.data ?? me.previousData)?.me ?? null;
  const configuration = (config.data ?? config.previousData)?.configuration;

  // Set when a call found the session ended under the user (see the expiry listener below).
  const [expired, setExpired] = useState(false);

  // Called with the account a sign-in answered: it becomes the cached `me` (what the guards and the
  // header read), and its own language wins over the one chosen on /login, so a Swedish user who
  // signs in on a shared Finnish screen gets Swedish.
  const signedIn = useCallback(
    async (signedInAccount: SessionAccount) => {
      setExpired(false);
      client.writeQuery({ query: SessionProvider_MeDocument, data: { me: signedInAccount } });
      await changeLanguage(signedInAccount.language);
    },
    [client],
  );

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch {
      // The session may already be gone on the server; forgetting it here is what matters.
    }
    client.writeQuery({ query: SessionProvider_MeDocument, data: { me: null } });
    await navigate(paths.login, { replace: true });
  }, [client, logout, navigate]);

  // A call answered UNAUTHENTICATED while signed in: the session ended under the user (expired or
  // revoked). Forgetting the account lets the route guard send the user to /login, remembering the
  // page and saying why; the first such answer acts, the others of that moment find no account.
  const hasAccount = useRef(false);
  useEffect(() => {
    hasAccount.current = account !== null;
  }, [account]);
  useEffect(
    () =>
      expiry.listen((operationName) => {
        if (!hasAccount.current || (operationName && NOT_EXPIRY.has(operationName))) return;
        hasAccount.current = false;
        setExpired(true);
        client.writeQuery({ query: SessionProvider_MeDocument, data: { me: null } });
      }),
    [expiry, client],
  );

  // Whenever the session ends (logout, or the 15-minute re-check found none) nothing cached for it
  // may outlive it. The route guards move the user to /login.
  const lastAccount = useRef<SessionAccount | null>(null);
  useEffect(() => {
    if (lastAccount.current && !account) {
      // A refetch cut short (the page closing) rejects; the cache is cleared either way.
      client.resetStore().catch(() => undefined);
    }
    lastAccount.current = account;
  }, [account, client]);

  const session = useMemo<Session | null>(
    () => (configuration ? { account, configuration, expired, signedIn, signOut } : null),
    [account, configuration, expired, signedIn, signOut],
  );

  const error = (!me.data && !me.previousData && me.error) || (!configuration && config.error);
  if (error) {
    return (
      <SessionError
        error={error}
        onRetry={() => void Promise.all([me.refetch(), config.refetch()])}
      />
    );
  }
  if (!session || (!me.data && !me.previousData)) return <LoadingScreen />;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
