import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OtpRoute_VerifyTwoFactorDocument } from '../../__generated__/graphql';
import type { AuthRedirectState } from '../../lib/navigation';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { OtpRoute } from './routes/OtpRoute';

const routes = [
  { path: '/otp', element: <OtpRoute /> },
  { path: '/login', element: <p>login page</p> },
];

const verifyMock = (result: MockedResponse['result']): MockedResponse => ({
  request: { query: OtpRoute_VerifyTwoFactorDocument, variables: { code: '123456' } },
  result,
});
const failure = (extensions: Record<string, unknown>) =>
  verifyMock({ errors: [{ message: 'failed', extensions }] });

async function enterCode(code = '123456') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Verification code/), code);
  return user;
}

describe('the two-factor code page', () => {
  it('keeps Verify disabled while the code is empty or shorter than 6 characters', async () => {
    renderRoutes({ routes, initialEntries: ['/otp'] });
    const submit = screen.getByRole('button', { name: 'Verify' });
    expect(submit).toBeDisabled();
    await enterCode('12345');
    expect(submit).toBeDisabled();
    await enterCode('6');
    expect(submit).toBeEnabled();
  });

  it('takes at most 6 characters', async () => {
    renderRoutes({ routes, initialEntries: ['/otp'] });
    await enterCode('12345678');
    expect(screen.getByLabelText(/^Verification code/)).toHaveValue('123456');
  });

  it('shows the info text and a forgot-password link', () => {
    renderRoutes({ routes, initialEntries: ['/otp'] });
    expect(screen.getByText(/We sent a 6-digit verification code/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/account/reset',
    );
  });

  it('clears the code after submitting and hands the signed-in account to the session when it was right', async () => {
    const session = testSession();
    const account = { __typename: 'Account' as const, ...testAccount() };
    renderRoutes({
      routes,
      initialEntries: ['/otp'],
      session,
      mocks: [verifyMock({ data: { verifyTwoFactor: { status: 'SIGNED_IN', account } } })],
    });
    const user = await enterCode();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByLabelText(/^Verification code/)).toHaveValue('');
    await waitFor(() => expect(session.signedIn).toHaveBeenCalledWith(account));
  });

  it('shows incorrect_2fa_code translated and stays on the page', async () => {
    renderRoutes({
      routes,
      initialEntries: ['/otp'],
      mocks: [failure({ code: 'BAD_USER_INPUT', reason: 'incorrect_2fa_code' })],
    });
    const user = await enterCode();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The code is incorrect. Check it and try again.',
    );
  });

  it.each([
    ['expired_2fa_session', 'UNAUTHENTICATED', 'Your sign-in has expired. Please sign in again.'],
    ['locked_out_2fa', 'FORBIDDEN', 'Too many incorrect codes. Please sign in again.'],
  ])(
    'goes back to /login with the message when the two-factor session ends (%s)',
    async (reason, code, text) => {
      const from = { pathname: '/users', search: '', hash: '' };
      const { router } = renderRoutes({
        routes,
        initialEntries: [{ pathname: '/otp', state: { from } satisfies AuthRedirectState }],
        mocks: [failure({ code, reason })],
      });
      const user = await enterCode();
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await screen.findByText('login page');
      expect(router.state.location.state).toEqual({ from, notice: text });
    },
  );
});
