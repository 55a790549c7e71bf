// Any UNAUTHENTICATED answer means the session cookie no longer works (expired, revoked): the Apollo
// link reports it here and the SessionProvider ends the session and sends the user to /login,
// remembering the page (administration.md sections 4 and 8). A signal, not a direct call, because
// the client is made before the router and the session exist.
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';

export interface ExpirySignal {
  notify: (operationName: string | undefined) => void;
  listen: (listener: (operationName: string | undefined) => void) => () => void;
}

export function createExpirySignal(): ExpirySignal {
  const listeners = new Set<(operationName: string | undefined) => void>();
  return {
    notify: (operationName) => listeners.forEach((listener) => listener(operationName)),
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one signal (one client per page). */
export const sessionExpiry = createExpirySignal();

export function isUnauthenticated(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((each) => each.extensions?.code === 'UNAUTHENTICATED')
  );
}

/** Reports UNAUTHENTICATED answers to `signal`; the error still reaches the caller. */
export function expiryLink(signal: ExpirySignal = sessionExpiry): ErrorLink {
  return new ErrorLink(({ error, operation }) => {
    if (isUnauthenticated(error)) signal.notify(operation.operationName);
  });
}
