import { GraphQLError } from 'graphql';
import {
  createFormatError,
  signInRefusal,
  toGraphQLError,
  UpstreamError,
  type Problem,
} from './errors.js';

const formatError = createFormatError(true);

const fromStatus = (status: number, detail: string, errors?: Problem['errors']) =>
  toGraphQLError(
    new UpstreamError('status', `upstream answered ${status}`, status, { status, detail, errors }),
  );

describe('the error mapping', () => {
  it.each([
    [401, 'invalid-credentials', 'UNAUTHENTICATED', 'login_failed'],
    [401, 'unauthenticated', 'UNAUTHENTICATED', 'login_failed'],
    [401, 'session-not-found', 'UNAUTHENTICATED', 'expired_2fa_session'],
    [403, 'locked_out', 'FORBIDDEN', 'locked_out'],
    [403, 'locked_out_2fa', 'FORBIDDEN', 'locked_out_2fa'],
    [403, 'forbidden', 'FORBIDDEN', undefined],
    [403, 'survey-not-ended', 'FORBIDDEN', 'results_not_open'],
    [400, 'incorrect-code', 'BAD_USER_INPUT', 'incorrect_2fa_code'],
    [400, 'invalid-code', 'BAD_USER_INPUT', 'invalid_code'],
    [400, 'validation-failed', 'BAD_USER_INPUT', 'validation_failed'],
    [422, 'validation-failed', 'BAD_USER_INPUT', 'validation_failed'],
    [404, 'not-found', 'NOT_FOUND', undefined],
    [429, 'rate-limited', 'RATE_LIMITED', undefined],
    [500, 'internal-error', 'INTERNAL_SERVER_ERROR', undefined],
    [503, 'gate-preparing', 'RESULTS_PREPARING', undefined],
    [503, 'not-ready', 'INTERNAL_SERVER_ERROR', undefined],
    [409, 'parallel-survey', 'BAD_USER_INPUT', 'conflict'],
  ])('maps REST %i %s to %s (reason %s)', (status, detail, code, reason) => {
    const error = fromStatus(status, detail);
    expect(error.extensions.code).toBe(code);
    expect(error.extensions.reason).toBe(reason);
  });

  it('reads a sign-in refused with a plain 403 as locked_out (section 8), other refusals as mapped', () => {
    const refusal = (status: number, detail: string) =>
      signInRefusal(
        new UpstreamError('status', `upstream answered ${status}`, status, { status, detail }),
      ).extensions;
    expect(refusal(403, 'forbidden')).toMatchObject({ code: 'FORBIDDEN', reason: 'locked_out' });
    expect(refusal(403, 'locked_out')).toMatchObject({ code: 'FORBIDDEN', reason: 'locked_out' });
    expect(refusal(401, 'invalid-credentials')).toMatchObject({
      code: 'UNAUTHENTICATED',
      reason: 'login_failed',
    });
    expect(refusal(429, 'rate-limited')).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('carries the field errors of a rejected input', () => {
    const errors = [{ field: 'password', message: 'account.confirm.passwordInvalid' }];
    expect(fromStatus(400, 'password-rule', errors).extensions.fieldErrors).toEqual(errors);
    expect(fromStatus(400, 'validation-failed').extensions.fieldErrors).toEqual([]);
    const parallel = [{ field: 'companyId', message: 'surveys.create.parallelSurvey' }];
    expect(fromStatus(409, 'parallel-survey', parallel).extensions.fieldErrors).toEqual(parallel);
  });

  it("passes a survey's results being prepared on to the client with the seconds to wait", () => {
    const mapped = toGraphQLError(
      new UpstreamError('status', 'upstream answered 503', 503, {
        status: 503,
        detail: 'gate-preparing',
        retryAfter: 3,
      }),
    );
    expect(
      formatError({ message: mapped.message, extensions: mapped.extensions }, mapped).extensions,
    ).toEqual({ code: 'RESULTS_PREPARING', retryAfter: 3 });
  });

  it('tells a request that never left from one that got no answer', () => {
    expect(toGraphQLError(new UpstreamError('unreachable', 'x')).message).toBe(
      'unable to make request',
    );
    expect(toGraphQLError(new UpstreamError('unreachable', 'x')).extensions.code).toBe(
      'UPSTREAM_UNREACHABLE',
    );
    expect(toGraphQLError(new UpstreamError('no_response', 'x')).message).toBe(
      'request was made, no response',
    );
    expect(toGraphQLError(new UpstreamError('no_response', 'x')).extensions.code).toBe(
      'UPSTREAM_NO_RESPONSE',
    );
  });

  it('never repeats the upstream message or body', () => {
    const error = toGraphQLError(
      new UpstreamError('status', 'upstream http://api.internal:4100 answered 500', 500, {
        detail: 'stack at db.ts:12',
      }),
    );
    expect(JSON.stringify(error.toJSON())).not.toMatch(/api\.internal|db\.ts/);
  });

  it('masks an unexpected error as an internal error', () => {
    const bug = new TypeError('Cannot read properties of undefined (reading "x") at /srv/app.js');
    const formatted = formatError(
      { message: bug.message, extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['x'] } },
      bug,
    );
    expect(formatted).toEqual({
      message: 'Internal server error.',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  });

  it('masks a foreign error that borrows one of our codes', () => {
    const foreign = new GraphQLError('secret', { extensions: { code: 'UNAUTHENTICATED' } });
    const mapped = toGraphQLError(
      new UpstreamError('status', 'x', 401, { detail: 'unauthenticated' }),
    );
    expect(
      formatError({ message: 'secret', extensions: { code: 'UNAUTHENTICATED' } }, foreign).message,
    ).toBe('Internal server error.');
    expect(
      formatError({ message: mapped.message, extensions: mapped.extensions }, mapped).extensions,
    ).toEqual({
      code: 'UNAUTHENTICATED',
      reason: 'login_failed',
    });
  });

  it("passes Apollo's own request errors with only their code", () => {
    const formatted = formatError(
      {
        message: 'Cannot query field "x" on type "Query".',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', extra: 1 },
      },
      new GraphQLError('Cannot query field "x" on type "Query".'),
    );
    expect(formatted.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED' });
  });

  it('names the token limit as a reason, and hides its size in production', () => {
    const parseError = {
      message: 'Syntax Error: Document contains more that 2000 tokens. Parsing aborted.',
      extensions: { code: 'GRAPHQL_PARSE_FAILED' },
    };
    expect(formatError(parseError, new GraphQLError(parseError.message))).toEqual({
      message: 'Token limit of 2000 exceeded.',
      extensions: { code: 'GRAPHQL_PARSE_FAILED', reason: 'max_tokens' },
    });
    expect(
      createFormatError(false)(parseError, new GraphQLError(parseError.message)).message,
    ).not.toMatch(/\d/);
  });
});
