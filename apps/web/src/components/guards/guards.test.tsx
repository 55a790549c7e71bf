import { screen } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AuthRedirectState } from '../../lib/navigation';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { AnonymousRoute } from './AnonymousRoute';
import { AuthenticatedRoute } from './AuthenticatedRoute';
import { GuestRoute } from './GuestRoute';

const page = (name: string) => <p>page: {name}</p>;

const routes: RouteObject[] = [
  { path: '/login', element: <GuestRoute />, children: [{ index: true, element: page('login') }] },
  { element: <AuthenticatedRoute />, children: [{ path: '/', element: page('start') }] },
  {
    element: <AuthenticatedRoute roles={['ADMIN']} />,
    children: [{ path: '/companies', element: page('companies') }],
  },
  {
    element: <AuthenticatedRoute roles={['ADMIN', 'PARTNER_ADMIN', 'SUPER_USER']} />,
    children: [{ path: '/users', element: page('users') }],
  },
  {
    element: <AnonymousRoute />,
    children: [{ path: '/unauthorized', element: page('unauthorized') }],
  },
  { element: <AnonymousRoute />, children: [{ path: '/privacy', element: page('privacy') }] },
  {
    element: <Outlet />,
    children: [{ path: '/account/reset/confirm/:userId/:code', element: page('reset-confirm') }],
  },
];

const signedIn = (role: 'ADMIN' | 'PARTNER_ADMIN' | 'SUPER_USER' | 'USER') =>
  testSession({ account: testAccount({ role }) });

describe('route guards', () => {
  it('sends a signed-out visitor of a protected page to /login, remembering the page', () => {
    const { router } = renderRoutes({ routes, initialEntries: ['/users?page=2'] });
    expect(screen.getByText('page: login')).toBeInTheDocument();
    const state = router.state.location.state as AuthRedirectState;
    expect(state.from).toMatchObject({ pathname: '/users', search: '?page=2' });
  });

  it('lets every role into a page with the default role list', () => {
    for (const role of ['ADMIN', 'PARTNER_ADMIN', 'SUPER_USER', 'USER'] as const) {
      const { unmount } = renderRoutes({ routes, initialEntries: ['/'], session: signedIn(role) });
      expect(screen.getByText('page: start')).toBeInTheDocument();
      unmount();
    }
  });

  it('sends a signed-in user whose role is not allowed to /unauthorized', () => {
    const { router } = renderRoutes({
      routes,
      initialEntries: ['/companies'],
      session: signedIn('SUPER_USER'),
    });
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(screen.getByText('page: unauthorized')).toBeInTheDocument();
  });

  it('lets a role in the allowed list through', () => {
    renderRoutes({ routes, initialEntries: ['/users'], session: signedIn('PARTNER_ADMIN') });
    expect(screen.getByText('page: users')).toBeInTheDocument();
  });

  it('keeps a User out of the user administration', () => {
    const { router } = renderRoutes({
      routes,
      initialEntries: ['/users'],
      session: signedIn('USER'),
    });
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('sends a signed-in user away from a guest page to the start page', () => {
    const { router } = renderRoutes({
      routes,
      initialEntries: ['/login'],
      session: signedIn('USER'),
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a user who just signed in back to the page they came from', () => {
    const from = { pathname: '/users', search: '?page=2', hash: '' };
    const { router } = renderRoutes({
      routes,
      initialEntries: [{ pathname: '/login', state: { from } satisfies AuthRedirectState }],
      session: signedIn('ADMIN'),
    });
    expect(router.state.location.pathname).toBe('/users');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('does not send a user who just signed in back to a reset-confirm link', () => {
    const from = { pathname: '/account/reset/confirm/u1/abc', search: '', hash: '' };
    const { router } = renderRoutes({
      routes,
      initialEntries: [{ pathname: '/login', state: { from } satisfies AuthRedirectState }],
      session: signedIn('ADMIN'),
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens anonymous pages to signed-out and signed-in users alike', () => {
    const { unmount } = renderRoutes({ routes, initialEntries: ['/privacy'] });
    expect(screen.getByText('page: privacy')).toBeInTheDocument();
    unmount();
    renderRoutes({ routes, initialEntries: ['/privacy'], session: signedIn('USER') });
    expect(screen.getByText('page: privacy')).toBeInTheDocument();
  });
});
