// A fresh context per GraphQL request: the REST client bound to this request's token and cancellation,
// new DataLoaders (never shared between requests or users), the cookies, the request id and its logger.
import type { Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { createAccountLoaders, type AccountLoaders } from './features/account/loaders.js';
import { createCompaniesLoaders, type CompaniesLoaders } from './features/companies/loaders.js';
import type { SessionTokenDto } from './features/account/mappers.js';
import {
  createConfigurationLoaders,
  type ConfigurationLoaders,
} from './features/configuration/loaders.js';
import type { BoundRestClient, RestClient } from './lib/rest-client.js';
import { needsRefresh, SessionCookies, type SessionCookieOptions } from './lib/session.js';

export interface Session {
  token?: string;
  /** Where the token came from: a script's Authorization header or the browser's cookie. */
  via: 'header' | 'cookie' | 'none';
}

export interface GatewayContext {
  requestId: string;
  logger: Logger;
  session: Session;
  api: BoundRestClient;
  cookies: SessionCookies;
  loaders: {
    account: AccountLoaders;
    companies: CompaniesLoaders;
    configuration: ConfigurationLoaders;
  };
}

export interface ContextDeps {
  rest: RestClient;
  cookieOptions: SessionCookieOptions;
}

function bearer(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return match?.[1];
}

/** Aborts when the client disconnects before the answer is complete, cancelling its REST calls. */
function clientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

async function refreshed(
  ctx: GatewayContext,
  rest: RestClient,
  signal: AbortSignal,
): Promise<GatewayContext> {
  try {
    const next = await ctx.api.post<SessionTokenDto>('/account/refresh');
    ctx.cookies.setSession(next.token, next.expiresAt);
    const session: Session = { token: next.token, via: 'cookie' };
    return { ...ctx, session, ...bound(rest, session, { requestId: ctx.requestId, signal }) };
  } catch (error) {
    // The old token still works until it expires; the next request tries again.
    const code = error instanceof GraphQLError ? error.extensions.code : undefined;
    ctx.logger.warn({ err: error, code }, 'session refresh failed');
    return ctx;
  }
}

function bound(
  rest: RestClient,
  session: Session,
  scope: { requestId: string; signal?: AbortSignal },
) {
  const api = rest.bind({ token: session.token, signal: scope.signal, requestId: scope.requestId });
  return {
    api,
    loaders: {
      account: createAccountLoaders(api),
      companies: createCompaniesLoaders(api),
      configuration: createConfigurationLoaders(api),
    },
  };
}

export async function createContext(
  req: Request,
  res: Response,
  deps: ContextDeps,
): Promise<GatewayContext> {
  const requestId = String(req.id);
  const cookies = new SessionCookies(deps.cookieOptions, req, res);
  const headerToken = bearer(req);
  const stored = headerToken ? undefined : cookies.session();
  const session: Session = headerToken
    ? { token: headerToken, via: 'header' }
    : stored
      ? { token: stored.token, via: 'cookie' }
      : { via: 'none' };
  const signal = clientGone(res);
  const ctx: GatewayContext = {
    requestId,
    logger: req.log,
    session,
    cookies,
    ...bound(deps.rest, session, { requestId, signal }),
  };
  // Browsers cannot refresh a token they never see, so the gateway does it for cookie sessions.
  return stored && needsRefresh(stored) ? refreshed(ctx, deps.rest, signal) : ctx;
}
