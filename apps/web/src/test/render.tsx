// Renders a piece of UI the way the app does: Mantine, i18next, Apollo mocks, a memory router and a
// session whose account the test chooses.
import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { createCache } from '../app/apollo';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  createMemoryRouter,
  RouterProvider,
  type InitialEntry,
  type RouteObject,
} from 'react-router';
import { vi } from 'vitest';
import type { Role } from '../__generated__/graphql';
import { SessionContext, type Session, type SessionAccount } from '../lib/session/session';

/** `seesUnendedSurveys` as the API answers it for each role (apps/api/src/lib/roles.ts). */
const SEES_UNENDED: Record<Role, boolean> = {
  ADMIN: true,
  PARTNER_ADMIN: true,
  SUPER_USER: false,
  USER: false,
};

/** An account as `me` answers it: an Admin unless the test says otherwise. */
export function testAccount(overrides: Partial<SessionAccount> = {}): SessionAccount {
  const role = overrides.role ?? 'ADMIN';
  return {
    id: 'u1',
    email: 'admin@demo.test',
    displayName: 'Ada Admin',
    role,
    language: 'en-US',
    companies: [],
    seesUnendedSurveys: SEES_UNENDED[role],
    ...overrides,
  };
}

export function testSession(overrides: Partial<Session> = {}): Session {
  return {
    account: null,
    configuration: {
      languageCode: 'en-US',
      reportLanguageCode: 'fi-FI',
      languages: ['en-US', 'fi-FI', 'sv'],
      anonymityThreshold: 5,
    },
    expired: false,
    signedIn: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    ...overrides,
  };
}

interface RenderOptions {
  routes: RouteObject[];
  initialEntries?: InitialEntry[];
  session?: Session;
  mocks?: MockedProviderProps['mocks'];
}

export function renderRoutes({
  routes,
  initialEntries = ['/'],
  session = testSession(),
  mocks = [],
}: RenderOptions) {
  const router = createMemoryRouter(routes, { initialEntries });
  const wrap = (ui: ReactNode) => (
    <MantineProvider env="test">
      <I18nextProvider i18n={i18next}>
        <MockedProvider mocks={mocks} cache={createCache()}>
          <SessionContext.Provider value={session}>{ui}</SessionContext.Provider>
        </MockedProvider>
      </I18nextProvider>
    </MantineProvider>
  );
  const result = render(wrap(<RouterProvider router={router} />));
  return { ...result, router, session };
}
