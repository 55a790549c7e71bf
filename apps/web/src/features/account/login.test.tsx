import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoginRoute_LoginDocument } from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import type { AuthRedirectState } from '../../lib/navigation';
import { LoginRoute } from './routes/LoginRoute';

const routes = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/otp', element: <p>otp page</p> },
  { path: '/account/reset', element: <p>reset page</p> },
];

const loginMock = (result: MockedResponse['result'], delay = 0): MockedResponse => ({
  request: {
    query: LoginRoute_LoginDocument,
    variables: { email: 'user@demo.test', password: 'DemoPass2026' },
  },
  result,
  delay,
});

// The account a sign-in answers, as the gateway sends it.
const account = { __typename: 'Account' as const, ...testAccount() };
const signedIn = { data: { login: { status: 'SIGNED_IN', account } } };

const failure = (message: string, extensions: Record<string, unknown>) =>
  loginMock({ errors: [{ message, extensions }] });

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), 'user@demo.test');
  await user.type(screen.getByLabelText(/^Password/), 'DemoPass2026');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('the sign-in page', () => {
  it('keeps Sign in disabled until both email and password are filled', async () => {
    renderRoutes({ routes, initialEntries: ['/login'] });
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Email/), 'user@demo.test');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Password/), 'x');
    expect(submit).toBeEnabled();
    await user.clear(screen.getByLabelText(/^Email/));
    expect(submit).toBeDisabled();
  });

  it('clears both fields after submitting and shows a spinner while signing in', async () => {
    renderRoutes({
      routes,
      initialEntries: ['/login'],
      // The answer waits longer than any loaded machine takes to check the spinner (50 ms did not
      // on two busy cores); the test ends before it arrives.
      mocks: [loginMock(signedIn, 10_000)],
    });
    await fillAndSubmit();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('data-loading');
  });

  it('hands the signed-in account to the session (the guest guard then moves on)', async () => {
    const session = testSession();
    renderRoutes({
      routes,
      initialEntries: ['/login'],
      session,
      mocks: [loginMock(signedIn)],
    });
    await fillAndSubmit();
    await waitFor(() => expect(session.signedIn).toHaveBeenCalledWith(account));
  });

  it('goes to /otp when the account needs a two-factor code, keeping the remembered page', async () => {
    const from = { pathname: '/users', search: '', hash: '' };
    const { router } = renderRoutes({
      routes,
      initialEntries: [{ pathname: '/login', state: { from } satisfies AuthRedirectState }],
      mocks: [loginMock({ data: { login: { status: 'TWO_FACTOR_REQUIRED', account: null } } })],
    });
    await fillAndSubmit();
    await screen.findByText('otp page');
    expect((router.state.location.state as AuthRedirectState).from).toEqual(from);
  });

  it('shows login_failed from the error extensions as a translated message', async () => {
    renderRoutes({
      routes,
      initialEntries: ['/login'],
      mocks: [failure('Invalid credentials', { code: 'UNAUTHENTICATED', reason: 'login_failed' })],
    });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
  });

  it('shows locked_out as a translated message', async () => {
    renderRoutes({
      routes,
      initialEntries: ['/login'],
      mocks: [failure('Locked', { code: 'FORBIDDEN', reason: 'locked_out' })],
    });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The account is locked for 15 minutes.',
    );
  });

  it('shows a message without a known reason as the server wrote it', async () => {
    renderRoutes({
      routes,
      initialEntries: ['/login'],
      mocks: [failure('Too many requests', { code: 'RATE_LIMITED' })],
    });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });

  it('shows the message the two-factor step sent back', () => {
    renderRoutes({
      routes,
      initialEntries: [
        {
          pathname: '/login',
          state: { notice: 'Please sign in again.' } satisfies AuthRedirectState,
        },
      ],
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Please sign in again.');
  });

  it('links to the password reset and offers Finnish, Swedish and English', () => {
    renderRoutes({ routes, initialEntries: ['/login'] });
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/account/reset',
    );
    const switcher = within(screen.getByRole('group', { name: 'Language' }));
    const names = switcher.getAllByRole('button').map((button) => button.textContent);
    expect(names).toEqual(['Suomi', 'Svenska', 'English']);
    expect(switcher.getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
