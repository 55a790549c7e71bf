import { ApolloLink, gql } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { MockLink, type MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { AuthenticatedRoute } from '../../components/guards/AuthenticatedRoute';
import { GuestRoute } from '../../components/guards/GuestRoute';
import { describe, expect, it } from 'vitest';
import {
  LoginRoute_LoginDocument,
  SessionProvider_ConfigurationDocument,
  SessionProvider_LogoutDocument,
  SessionProvider_MeDocument,
} from '../../__generated__/graphql';
import { LoginRoute } from '../../features/account/routes/LoginRoute';
import { changeLanguage, currentLanguage, STORAGE_KEY } from '../../lib/i18n/i18n';
import { readAuthState } from '../../lib/navigation';
import { createExpirySignal, expiryLink } from '../../lib/session/expiry';
import { useSession } from '../../lib/session/session';
import { testAccount } from '../../test/render';
import { SESSION_RECHECK_MS, SessionProvider } from './SessionProvider';

const account = { __typename: 'Account' as const, ...testAccount(), companies: [] };
/** The account a sign-in answers: the same person, who reads the UI in Swedish. */
const swedish = { ...account, language: 'sv' };
const configuration = {
  __typename: 'Configuration' as const,
  languageCode: 'en-US',
  reportLanguageCode: 'fi-FI',
  languages: ['en-US'],
  anonymityThreshold: 5,
};
const meMock = (me: typeof account | null, delay = 0): MockedResponse => ({
  request: { query: SessionProvider_MeDocument },
  result: { data: { me } },
  delay,
});
const configMock: MockedResponse = {
  request: { query: SessionProvider_ConfigurationDocument },
  result: { data: { configuration } },
};

// Any query of a page; the gateway answers it UNAUTHENTICATED once the session has expired.
const PageQuery = gql`
  query SessionTest_Page {
    surveys {
      id
    }
  }
`;
const expired: MockedResponse = {
  request: { query: PageQuery },
  result: {
    errors: [
      new GraphQLError('No valid session: sign in again.', {
        extensions: { code: 'UNAUTHENTICATED', reason: 'login_failed' },
      }),
    ],
  },
};

function Who() {
  const { account: current, signedIn, signOut } = useSession();
  const client = useApolloClient();
  return (
    <>
      <p>{current ? `signed in as ${current.displayName}` : 'signed out'}</p>
      <button onClick={() => void signOut()}>out</button>
      <button onClick={() => void signedIn(swedish)}>signed in</button>
      <button onClick={() => void client.query({ query: PageQuery }).catch(() => undefined)}>
        read page
      </button>
    </>
  );
}

function LoginPage() {
  const state = readAuthState(useLocation().state);
  return (
    <p>
      login page{state.notice ? `: ${state.notice}` : ''}
      {state.from ? ` (back to ${state.from.pathname}${state.from.search})` : ''}
    </p>
  );
}

/**
 * Renders the session around a few pages; `operations` collects the name of every operation sent,
 * in order, so a test can tell which requests a step made.
 */
function renderSession(mocks: MockedResponse[], initialEntry = '/', operations: string[] = []) {
  const expiry = createExpirySignal();
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider expiry={expiry}>
            <Outlet />
          </SessionProvider>
        ),
        children: [
          { path: '/', element: <Who /> },
          { element: <AuthenticatedRoute />, children: [{ path: '/surveys', element: <Who /> }] },
          { path: '/login', element: <LoginPage /> },
          { element: <GuestRoute />, children: [{ path: '/sign-in', element: <LoginRoute /> }] },
        ],
      },
    ],
    { initialEntries: [initialEntry] },
  );
  const record = new ApolloLink((operation, forward) => {
    operations.push(operation.operationName ?? '');
    return forward(operation);
  });
  const link = ApolloLink.from([record, expiryLink(expiry), new MockLink(mocks)]);
  render(
    <MantineProvider env="test">
      <MockedProvider link={link}>
        <RouterProvider router={router} />
      </MockedProvider>
    </MantineProvider>,
  );
  return router;
}

describe('the session', () => {
  it('re-checks the session every 15 minutes', () => {
    expect(SESSION_RECHECK_MS).toBe(900_000);
  });

  it('shows a spinner until me and configuration have loaded', async () => {
    renderSession([meMock(account, 30), configMock]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByText('signed in as Ada Admin')).toBeInTheDocument();
  });

  it('knows a visitor without a session cookie as signed out', async () => {
    renderSession([meMock(null), configMock]);
    expect(await screen.findByText('signed out')).toBeInTheDocument();
  });

  it('signs out with the logout mutation, clears the cache and goes to /login', async () => {
    const logout: MockedResponse = {
      request: { query: SessionProvider_LogoutDocument },
      result: { data: { logout: true } },
    };
    // After the reset the cache asks again: the session is gone.
    const router = renderSession([meMock(account), configMock, logout, meMock(null), configMock]);
    await screen.findByText('signed in as Ada Admin');
    await userEvent.setup().click(screen.getByRole('button', { name: 'out' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('ends a session the gateway no longer knows (UNAUTHENTICATED) and goes to /login, remembering the page', async () => {
    const router = renderSession(
      [meMock(account), configMock, expired, meMock(null), configMock],
      '/surveys?page=2',
    );
    await screen.findByText('signed in as Ada Admin');
    await userEvent.setup().click(screen.getByRole('button', { name: 'read page' }));
    expect(
      await screen.findByText(
        'login page: Your session has ended. Please sign in again. (back to /surveys?page=2)',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('leaves a signed-out visitor where they are on an UNAUTHENTICATED answer (a failed sign-in)', async () => {
    const router = renderSession([meMock(null), configMock, expired], '/');
    await screen.findByText('signed out');
    await userEvent.setup().click(screen.getByRole('button', { name: 'read page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('shows the account a sign-in answered without asking `me` again, and leaves the sign-in page', async () => {
    await changeLanguage('en-US');
    const operations: string[] = [];
    const login: MockedResponse = {
      request: {
        query: LoginRoute_LoginDocument,
        variables: { email: 'admin@demo.test', password: 'DemoPass2026' },
      },
      result: { data: { login: { __typename: 'LoginPayload', status: 'SIGNED_IN', account } } },
    };
    const router = renderSession([meMock(null), configMock, login], '/sign-in', operations);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'admin@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'DemoPass2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('signed in as Ada Admin')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(operations.filter((name) => name === 'SessionProvider_Me')).toHaveLength(1);
    expect(operations).toContain('LoginRoute_Login');
  });

  it('switches the UI to the account language when a sign-in completes', async () => {
    await changeLanguage('en-US');
    renderSession([meMock(null), configMock]);
    await screen.findByText('signed out');
    await userEvent.setup().click(screen.getByRole('button', { name: 'signed in' }));
    expect(await screen.findByText('signed in as Ada Admin')).toBeInTheDocument();
    await waitFor(() => expect(currentLanguage()).toBe('sv'));
    expect(localStorage.getItem(STORAGE_KEY)).toBe('sv');
    await changeLanguage('en-US');
  });

  it('shows what went wrong, with a retry, when the gateway cannot be reached', async () => {
    renderSession([
      { request: { query: SessionProvider_MeDocument }, error: new TypeError('Failed to fetch') },
      configMock,
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to make the request');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
