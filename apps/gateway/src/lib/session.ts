// Session cookies: the browser holds the token only in httpOnly, SameSite=Lax cookies it cannot read.
// The cookie value carries the token's expiry as well, because the browser never sends cookie attributes
// back and the gateway treats tokens as opaque. On node's request and response, which GraphQL's own
// route (graphql-route.ts) answers on; an express request and response are those too.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';

/** A Set-Cookie line's attributes: everything but its name and value. */
type CookieAttributes = Omit<SetCookie, 'name' | 'value'>;

/** Cookie sessions with less than this left are refreshed on their next request. */
export const REFRESH_WINDOW_MS = 10 * 60_000;
/** The REST API keeps a two-factor session open for 10 minutes. */
const PENDING_2FA_MS = 10 * 60_000;

export interface StoredSession {
  token: string;
  expiresAt: Date;
}

export interface SessionCookieOptions {
  name: string;
  secure: boolean;
}

export function encodeSession(token: string, expiresAt: Date): string {
  return `${expiresAt.getTime()}.${token}`;
}

export function decodeSession(value: unknown): StoredSession | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,15})\.(.+)$/.exec(value);
  if (!match?.[1] || !match[2]) return undefined;
  return { token: match[2], expiresAt: new Date(Number(match[1])) };
}

export function needsRefresh(session: StoredSession, now = Date.now()): boolean {
  const left = session.expiresAt.getTime() - now;
  return left > 0 && left < REFRESH_WINDOW_MS;
}

/** The session and pending-2FA cookies of one request/response pair. */
export class SessionCookies {
  constructor(
    private readonly options: SessionCookieOptions,
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {}

  private get pendingName(): string {
    return `${this.options.name}_2fa`;
  }

  private attributes(expires?: Date): CookieAttributes {
    return {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure,
      path: '/',
      ...(expires ? { expires } : {}),
    };
  }

  /** Adds a Set-Cookie line, as express's `res.cookie` does. */
  private write(name: string, value: string, attributes: CookieAttributes): void {
    this.res.appendHeader('Set-Cookie', stringifySetCookie({ ...attributes, name, value }));
  }

  /** The request's cookies, read on first use (most requests carry a bearer token or none). */
  private cookies?: Record<string, string | undefined>;

  private read(name: string): string | undefined {
    this.cookies ??= parseCookie(this.req.headers.cookie ?? '');
    return this.cookies[name];
  }

  session(): StoredSession | undefined {
    const session = decodeSession(this.read(this.options.name));
    return session && session.expiresAt.getTime() > Date.now() ? session : undefined;
  }

  pendingTwoFactor(): string | undefined {
    const value = this.read(this.pendingName);
    return value !== '' ? value : undefined;
  }

  setSession(token: string, expiresAt: string): void {
    const expires = new Date(expiresAt);
    this.write(this.options.name, encodeSession(token, expires), this.attributes(expires));
  }

  setPendingTwoFactor(token: string): void {
    this.write(this.pendingName, token, this.attributes(new Date(Date.now() + PENDING_2FA_MS)));
  }

  /** An empty value that expired in 1970, as express's `res.clearCookie` writes it. */
  private clear(name: string): void {
    this.write(name, '', { ...this.attributes(), expires: new Date(1) });
  }

  clearSession(): void {
    this.clear(this.options.name);
  }

  clearPendingTwoFactor(): void {
    this.clear(this.pendingName);
  }
}

/** The token of a request: a script's Authorization header wins over the browser's cookie. */
export interface Session {
  token?: string;
  /** Where the token came from: a script's Authorization header or the browser's cookie. */
  via: 'header' | 'cookie' | 'none';
}

export function bearer(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/** The request's session, and the stored cookie session it came from (for refreshing). */
export function requestSession(
  req: IncomingMessage,
  cookies: SessionCookies,
): { session: Session; stored?: StoredSession } {
  const headerToken = bearer(req);
  if (headerToken) return { session: { token: headerToken, via: 'header' } };
  const stored = cookies.session();
  if (stored) return { session: { token: stored.token, via: 'cookie' }, stored };
  return { session: { via: 'none' } };
}
