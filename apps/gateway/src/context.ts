// A fresh context per GraphQL request: the REST client bound to this request's token and cancellation,
// new DataLoaders (never shared between requests or users), the cookies, the request id and its logger.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { createAccountLoaders, type AccountLoaders } from './features/account/loaders.js';
import { createCompaniesLoaders, type CompaniesLoaders } from './features/companies/loaders.js';
import type { SessionTokenDto } from './features/account/mappers.js';
import {
  createConfigurationLoaders,
  type ConfigurationLoaders,
} from './features/configuration/loaders.js';
import {
  createParticipantsLoaders,
  type ParticipantsLoaders,
} from './features/participants/loaders.js';
import { createReportsLoaders, type ReportsLoaders } from './features/reports/loaders.js';
import { createSurveysLoaders, type SurveysLoaders } from './features/surveys/loaders.js';
import type { BoundRestClient, CallerSignal, RestClient } from './lib/rest-client.js';
import { enumSpellingOf, type EnumSpelling } from './lib/enum-values.js';
import { clientGone } from './lib/http.js';
import {
  needsRefresh,
  requestSession,
  SessionCookies,
  type Session,
  type SessionCookieOptions,
} from './lib/session.js';

export type { Session } from './lib/session.js';

export interface GatewayContext {
  requestId: string;
  logger: Logger;
  session: Session;
  api: BoundRestClient;
  cookies: SessionCookies;
  loaders: LoaderSet;
  /** Whether this request reads renamed enum values ALL_CAPS (lib/enum-values.ts). */
  enumSpelling: EnumSpelling;
}

interface LoaderSet {
  readonly account: AccountLoaders;
  readonly companies: CompaniesLoaders;
  readonly configuration: ConfigurationLoaders;
  readonly participants: ParticipantsLoaders;
  readonly reports: ReportsLoaders;
  readonly surveys: SurveysLoaders;
}

export interface ContextDeps {
  rest: RestClient;
  cookieOptions: SessionCookieOptions;
}

const REQUEST = Symbol('request');
type ContextFields = Omit<GatewayContext, 'logger'> & { [REQUEST]: IncomingMessage };

// `logger` is the request's logger, which is made on its first line (lib/http.ts), and most requests
// log nothing. A getter on the prototype: Apollo copies the context's own properties for each
// operation (onto an object of the same prototype), which would call a getter of the object itself.
const contextPrototype = {
  get logger(): Logger {
    return (this as unknown as ContextFields)[REQUEST].log;
  },
};

function context(fields: ContextFields): GatewayContext {
  return Object.assign(Object.create(contextPrototype) as { logger: Logger }, fields);
}

async function refreshed(
  ctx: GatewayContext & ContextFields,
  rest: RestClient,
  signal: CallerSignal,
): Promise<GatewayContext> {
  try {
    const next = await ctx.api.post<SessionTokenDto>('/account/refresh');
    ctx.cookies.setSession(next.token, next.expiresAt);
    const session: Session = { token: next.token, via: 'cookie' };
    return context({
      ...ctx,
      session,
      ...bound(rest, session, {
        requestId: ctx.requestId,
        signal,
        clientAddress: clientAddress(ctx[REQUEST]),
      }),
    });
  } catch (error) {
    // The old token still works until it expires; the next request tries again.
    const code = error instanceof GraphQLError ? error.extensions.code : undefined;
    ctx.logger.warn({ err: error, code }, 'session refresh failed');
    return ctx;
  }
}

/**
 * A request's loaders, each feature's made when a resolver first asks for it: a request uses one or
 * two features' loaders, and making all of them for every request cost the gateway CPU. Still one
 * set per request, never shared between requests or users. A class, so that its getters are made
 * once (an object literal's getters are new functions per request, which V8 keeps in a slow object).
 */
class RequestLoaders implements LoaderSet {
  #account?: AccountLoaders;
  #companies?: CompaniesLoaders;
  #configuration?: ConfigurationLoaders;
  #participants?: ParticipantsLoaders;
  #reports?: ReportsLoaders;
  #surveys?: SurveysLoaders;

  constructor(private readonly api: BoundRestClient) {}

  get account(): AccountLoaders {
    return (this.#account ??= createAccountLoaders(this.api));
  }
  get companies(): CompaniesLoaders {
    return (this.#companies ??= createCompaniesLoaders(this.api));
  }
  get configuration(): ConfigurationLoaders {
    return (this.#configuration ??= createConfigurationLoaders(this.api));
  }
  get participants(): ParticipantsLoaders {
    return (this.#participants ??= createParticipantsLoaders(this.api));
  }
  get reports(): ReportsLoaders {
    return (this.#reports ??= createReportsLoaders(this.api));
  }
  get surveys(): SurveysLoaders {
    return (this.#surveys ??= createSurveysLoaders(this.api));
  }
}

/**
 * The client address express's `trust proxy` found (`req.ip`). Sign-ins always pass through
 * express (graphql-route.ts), so every call that counts as one carries it.
 */
const clientAddress = (req: IncomingMessage): string | undefined => (req as { ip?: string }).ip;

function bound(
  rest: RestClient,
  session: Session,
  scope: { requestId: string; signal?: CallerSignal; clientAddress: string | undefined },
) {
  const api = rest.bind({ token: session.token, ...scope });
  return { api, loaders: new RequestLoaders(api) };
}

/** On node's request and response: POST /graphql's own route has no express ones (graphql-route.ts). */
export async function createContext(
  req: IncomingMessage,
  res: ServerResponse,
  deps: ContextDeps,
): Promise<GatewayContext> {
  const requestId = String(req.id);
  const cookies = new SessionCookies(deps.cookieOptions, req, res);
  const { session, stored } = requestSession(req, cookies);
  const signal = clientGone(res);
  const ctx = context({
    [REQUEST]: req,
    requestId,
    session,
    cookies,
    enumSpelling: enumSpellingOf(req),
    ...bound(deps.rest, session, { requestId, signal, clientAddress: clientAddress(req) }),
  }) as GatewayContext & ContextFields;
  // Browsers cannot refresh a token they never see, so the gateway does it for cookie sessions.
  return stored && needsRefresh(stored) ? refreshed(ctx, deps.rest, signal) : ctx;
}
