import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorMessage, readApiError } from './errors';

const graphQLError = (message: string, extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions }] });

const t = i18next.getFixedT('en-US');

describe('the error helper', () => {
  it('reads code, reason and field errors from the extensions', () => {
    const error = graphQLError('Bad input', {
      code: 'BAD_USER_INPUT',
      reason: 'incorrect_2fa_code',
      fieldErrors: [{ field: 'code', message: 'otp.code' }, { nonsense: true }],
    });
    expect(readApiError(error)).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'incorrect_2fa_code',
      fieldErrors: [{ field: 'code', message: 'otp.code' }],
      rawMessage: 'Bad input',
    });
  });

  it('translates the known sign-in reasons', () => {
    expect(
      errorMessage(graphQLError('x', { code: 'UNAUTHENTICATED', reason: 'login_failed' }), t),
    ).toBe('Incorrect email or password.');
    expect(errorMessage(graphQLError('x', { code: 'FORBIDDEN', reason: 'locked_out' }), t)).toMatch(
      /locked/,
    );
    expect(errorMessage(graphQLError('x', { reason: 'expired_2fa_session' }), t)).toMatch(
      /expired/,
    );
    expect(errorMessage(graphQLError('x', { reason: 'incorrect_2fa_code' }), t)).toMatch(
      /code is incorrect/,
    );
  });

  it('translates the two upstream failures', () => {
    expect(errorMessage(graphQLError('x', { code: 'UPSTREAM_NO_RESPONSE' }), t)).toMatch(
      /request was made, but no response/,
    );
    expect(errorMessage(graphQLError('x', { code: 'UPSTREAM_UNREACHABLE' }), t)).toMatch(
      /Unable to make the request/,
    );
  });

  // Every refusal a page can meet: each code the gateway sends (docs/graphql-errors.md), with the
  // gateway's English message, comes out in the UI language and never as that message.
  it.each(['en-US', 'fi-FI', 'sv'])(
    'says every error code in %s, never the raw text',
    async (lng) => {
      await i18next.loadLanguages(lng);
      const tl = i18next.getFixedT(lng);
      const raw = 'Not allowed.';
      const texts = ERROR_CODES.map((code) => errorMessage(graphQLError(raw, { code }), tl));
      for (const text of texts) {
        expect(text).not.toBe(raw);
        expect(text).not.toMatch(/^errors\./);
      }
      expect(errorMessage(graphQLError(raw, { code: 'SOMETHING_NEW' }), tl)).not.toBe(raw);
      expect(errorMessage(graphQLError(raw, { code: 'FORBIDDEN' }), tl)).toBe(
        tl('errors.codes.FORBIDDEN'),
      );
    },
  );

  it("says that an open survey's results open when it ends", () => {
    expect(
      errorMessage(graphQLError('x', { code: 'FORBIDDEN', reason: 'results_not_open' }), t),
    ).toMatch(/when the survey ends/);
  });

  it('shows the field errors of a rejected input instead of the generic text', () => {
    const error = graphQLError('The input was rejected.', {
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'email', message: 'errors.login_failed' }],
    });
    expect(errorMessage(error, t)).toBe('Incorrect email or password.');
  });

  it('treats a failed fetch as unable to make the request and a bare HTTP error as no response', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), t)).toMatch(/Unable to make the request/);
    const response = new Response('Bad gateway', { status: 502 });
    const serverError = new ServerError('Response not successful', {
      response,
      bodyText: 'Bad gateway',
    });
    expect(errorMessage(serverError, t)).toMatch(/no response/);
  });

  it('translates in the UI language', () => {
    const fi = i18next.getFixedT('fi-FI');
    return i18next.loadLanguages('fi-FI').then(() => {
      expect(errorMessage(graphQLError('x', { reason: 'login_failed' }), fi)).toBe(
        'Sähköpostiosoite tai salasana on väärin.',
      );
    });
  });
});
