import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ConfirmAccountRoute_CheckDocument,
  ConfirmAccountRoute_ConfirmDocument,
} from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { isValidPassword, passwordProblems } from './components/passwordRules';
import { ConfirmAccountRoute } from './routes/ConfirmAccountRoute';

const routes = [{ path: '/account/confirm/:userId?/:code?', element: <ConfirmAccountRoute /> }];

const checkMock = (valid: boolean, userId = 'u1', code = 'c1'): MockedResponse => ({
  request: { query: ConfirmAccountRoute_CheckDocument, variables: { userId, code } },
  result: { data: { checkAccountConfirmation: valid } },
});
const confirmMock = (result: MockedResponse['result']): MockedResponse => ({
  request: {
    query: ConfirmAccountRoute_ConfirmDocument,
    variables: { userId: 'u1', code: 'c1', password: 'Secret123' },
  },
  result,
});

describe('the password rule', () => {
  it('accepts 8 or more characters with a digit and an uppercase letter', () => {
    expect(isValidPassword('Secret123')).toBe(true);
    expect(isValidPassword('Ääkköset1')).toBe(true);
  });

  it.each(['Secre12', 'secret123', 'SecretSecret', ''])('rejects %j', (password) => {
    expect(isValidPassword(password)).toBe(false);
  });

  it('names the spec message of each problem and says nothing about empty fields', () => {
    expect(passwordProblems('', '')).toEqual({ password: null, confirmation: null, ok: false });
    expect(passwordProblems('short', '')).toMatchObject({
      password: 'account.confirm.passwordInvalid',
    });
    expect(passwordProblems('Secret123', 'Secret124')).toMatchObject({
      password: null,
      confirmation: 'account.confirm.passwordsDontMatch',
      ok: false,
    });
    expect(passwordProblems('Secret123', 'Secret123').ok).toBe(true);
  });
});

describe('the account confirmation page', () => {
  it('checks the link first and then shows the rules and both password fields', async () => {
    renderRoutes({ routes, initialEntries: ['/account/confirm/u1/c1'], mocks: [checkMock(true)] });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Confirm your account' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Checking the confirmation link…')).toBeInTheDocument();
    expect(await screen.findByText(/at least 8 characters long/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm password/)).toBeInTheDocument();
  });

  it('takes userId and code from the query string when the path has none', async () => {
    renderRoutes({
      routes,
      initialEntries: ['/account/confirm?userId=u1&code=c1'],
      mocks: [checkMock(true)],
    });
    expect(await screen.findByLabelText(/^Confirm password/)).toBeInTheDocument();
  });

  it('says the link is incomplete when the code is missing', () => {
    renderRoutes({ routes, initialEntries: ['/account/confirm/u1'] });
    expect(screen.getByRole('alert')).toHaveTextContent('The confirmation link is incomplete.');
  });

  it('says so when the link is no longer valid', async () => {
    renderRoutes({ routes, initialEntries: ['/account/confirm/u1/c1'], mocks: [checkMock(false)] });
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid');
  });

  it('shows passwordInvalid and passwordsDontMatch, and enables Confirm only for a valid matching pair', async () => {
    renderRoutes({ routes, initialEntries: ['/account/confirm/u1/c1'], mocks: [checkMock(true)] });
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^Password/);
    const confirmation = screen.getByLabelText(/^Confirm password/);
    const submit = screen.getByRole('button', { name: 'Confirm account' });

    await user.type(password, 'secret');
    expect(screen.getByText('The password does not meet the requirements.')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(password);
    await user.type(password, 'Secret123');
    expect(
      screen.queryByText('The password does not meet the requirements.'),
    ).not.toBeInTheDocument();
    await user.type(confirmation, 'Secret12');
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(confirmation, '3');
    expect(screen.queryByText('The passwords do not match.')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it('confirms the account and hands it to the session (signed in, the guard goes to /)', async () => {
    const session = testSession();
    const account = { __typename: 'Account' as const, ...testAccount({ role: 'USER' }) };
    renderRoutes({
      routes,
      initialEntries: ['/account/confirm/u1/c1'],
      session,
      mocks: [
        checkMock(true),
        confirmMock({ data: { confirmAccount: { status: 'SIGNED_IN', account } } }),
      ],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Password/), 'Secret123');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Confirm account' }));
    await waitFor(() => expect(session.signedIn).toHaveBeenCalledWith(account));
  });

  it('shows login_failed translated when confirming fails', async () => {
    renderRoutes({
      routes,
      initialEntries: ['/account/confirm/u1/c1'],
      mocks: [
        checkMock(true),
        confirmMock({
          errors: [
            { message: 'no', extensions: { code: 'UNAUTHENTICATED', reason: 'login_failed' } },
          ],
        }),
      ],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Password/), 'Secret123');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Confirm account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
  });
});
