// Where a guest goes once signed in: back to the page that sent them to /login, if that makes sense.
import { matchPath, type Location } from 'react-router';
import { paths } from './paths';

/** What /login and /otp carry in the router's location state. */
export interface AuthRedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** A message to show on arrival, e.g. why the two-factor step sent the user back. */
  notice?: string;
}

export function readAuthState(state: unknown): AuthRedirectState {
  return typeof state === 'object' && state !== null ? (state as AuthRedirectState) : {};
}

/** The remembered location, unless it was a reset-confirm link (its code is used up by then). */
export function returnPath(state: unknown): string {
  const from = readAuthState(state).from;
  if (!from || matchPath(paths.resetConfirm, from.pathname) || from.pathname === paths.login)
    return paths.home;
  return `${from.pathname}${from.search}${from.hash}`;
}
