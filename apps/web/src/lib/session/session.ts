// The session as the UI sees it: who is signed in (never the token: the gateway keeps it in an
// httpOnly cookie) and how to start or end it. app/session provides it; guards and screens read it.
import { createContext, useContext } from 'react';
import type {
  Session_AccountFragment,
  Session_ConfigurationFragment,
} from '../../__generated__/graphql';

export type SessionAccount = Session_AccountFragment;
export type SessionConfiguration = Session_ConfigurationFragment;

export interface Session {
  account: SessionAccount | null;
  configuration: SessionConfiguration;
  /**
   * Makes the account a sign-in answered the signed-in one (sign-in, two-factor and confirmation
   * return it, so no second `me` request is needed) and switches the UI to its language.
   */
  signedIn: (account: SessionAccount) => Promise<void>;
  /** True once a call found the session ended under the user (until the next sign-in). */
  expired: boolean;
  /** Ends the session, clears every cached query and goes to /login. */
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a SessionProvider above it');
  return session;
}
