import type { GraphQLError } from 'graphql';
import type { LoginPayload, Resolvers, SessionDelivery } from '../../__generated__/resolvers.js';
import type { GatewayContext } from '../../context.js';
import { codeOf, gatewayError, signInRefusal } from '../../lib/errors.js';
import { fieldErrorsOf } from '../../lib/results.js';
import { graphqlRole } from '../../lib/roles.js';
import * as rest from './rest.js';
import type { AccountDto, LoginDto, SignedInDto } from './rest.js';

type Payload = Omit<LoginPayload, 'account'> & { account?: AccountDto | null };

/** Hands the session over as the caller asked: an httpOnly cookie, or the token in the answer. */
function signedIn(
  result: SignedInDto,
  delivery: SessionDelivery,
  { cookies }: GatewayContext,
): Payload {
  if (cookies.pendingTwoFactor()) cookies.clearPendingTwoFactor();
  if (delivery === 'COOKIE') {
    cookies.setSession(result.token, result.expiresAt);
    return { status: 'SIGNED_IN', account: result.user };
  }
  return {
    status: 'SIGNED_IN',
    account: result.user,
    session: { token: result.token, expiresAt: result.expiresAt },
  };
}

function loggedIn(result: LoginDto, delivery: SessionDelivery, ctx: GatewayContext): Payload {
  if (!result.require2FA) return signedIn(result, delivery, ctx);
  if (delivery === 'COOKIE') {
    ctx.cookies.setPendingTwoFactor(result.twoFactorToken);
    return { status: 'TWO_FACTOR_REQUIRED' };
  }
  return { status: 'TWO_FACTOR_REQUIRED', twoFactorSession: result.twoFactorToken };
}

export const accountResolvers: Resolvers = {
  Account: {
    role: (account, _args, { enumSpelling }) => graphqlRole(account.role, enumSpelling),
    assignableRoles: (account, _args, { enumSpelling }) =>
      account.assignableRoles.map((role) => graphqlRole(role, enumSpelling)),
  },

  Query: {
    async me(_parent, _args, { session, loaders, cookies }) {
      if (!session.token) return null;
      try {
        return await loaders.account.accountByToken.load(session.token);
      } catch (error) {
        // An expired or revoked token is "no session", not an error; a dead cookie is dropped.
        if (codeOf(error) !== 'UNAUTHENTICATED') throw error;
        if (session.via === 'cookie') cookies.clearSession();
        return null;
      }
    },
  },

  Mutation: {
    async login(_parent, { email, password, delivery }, ctx) {
      const result = await rest.login(ctx.api, email, password).catch((error: unknown) => {
        throw signInRefusal(error);
      });
      return loggedIn(result, delivery, ctx);
    },

    async verifyTwoFactor(_parent, { code, twoFactorSession, delivery }, ctx) {
      const token = twoFactorSession ?? ctx.cookies.pendingTwoFactor();
      if (!token) throw gatewayError('UNAUTHENTICATED', { reason: 'expired_2fa_session' });
      try {
        const result = await rest.twoFactorLogin(ctx.api, code, token);
        return signedIn(result, delivery, ctx);
      } catch (error) {
        // Once the two-factor session is over, its cookie is of no further use.
        if (codeOf(error) === 'UNAUTHENTICATED' || codeOf(error) === 'FORBIDDEN')
          ctx.cookies.clearPendingTwoFactor();
        throw error;
      }
    },

    async refreshSession(_parent, _args, { api, session, cookies }) {
      if (!session.token) throw gatewayError('UNAUTHENTICATED', { reason: 'login_failed' });
      const next = await rest.refresh(api);
      if (session.via !== 'cookie') return next;
      cookies.setSession(next.token, next.expiresAt);
      return null;
    },

    logout(_parent, _args, { cookies }) {
      // Tokens are stateless JWTs upstream; ending the session means forgetting it here.
      cookies.clearSession();
      cookies.clearPendingTwoFactor();
      return true;
    },

    async requestPasswordReset(_parent, { email, language }, { api }) {
      await rest.requestReset(api, email, language);
      return true;
    },

    async confirmPasswordReset(_parent, { userId, code, password }, { api }) {
      try {
        await rest.confirmReset(api, { userId, code, password });
        return { ok: true, fieldErrors: [] };
      } catch (error) {
        const fieldErrors = fieldErrorsOf(error);
        if (!fieldErrors) throw error;
        // A wrong password or a dead link is something the user can act on: data, not an error.
        const invalidLink = (error as GraphQLError).extensions.reason === 'invalid_code';
        return {
          ok: false,
          fieldErrors:
            invalidLink && fieldErrors.length === 0
              ? [{ field: 'code', message: 'account.reset.invalidCode' }]
              : fieldErrors,
        };
      }
    },

    async checkAccountConfirmation(_parent, { userId, code }, { api }) {
      try {
        await rest.confirmEmail(api, { userId, code });
        return true;
      } catch (error) {
        if (codeOf(error) === 'BAD_USER_INPUT') return false;
        throw error;
      }
    },

    async confirmAccount(_parent, { userId, code, password, delivery }, ctx) {
      const result = await rest.confirmAccount(ctx.api, { userId, code, password });
      return signedIn(result, delivery, ctx);
    },
  },
};
