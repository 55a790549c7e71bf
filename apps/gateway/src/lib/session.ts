// Session cookies: the browser holds the token only in httpOnly, SameSite=Lax cookies it cannot read.
// The cookie value carries the token's expiry as well, because the browser never sends cookie attributes
// back and the gateway treats tokens as opaque.
import type { CookieOptions, Request, Response } from 'express';

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
    private readonly req: Request,
    private readonly res: Response,
  ) {}

  private get pendingName(): string {
    return `${this.options.name}_2fa`;
  }

  private attributes(expires?: Date): CookieOptions {
    return {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure,
      path: '/',
      ...(expires ? { expires } : {}),
    };
  }

  private read(name: string): unknown {
    const cookies: unknown = this.req.cookies;
    return typeof cookies === 'object' && cookies !== null
      ? (cookies as Record<string, unknown>)[name]
      : undefined;
  }

  session(): StoredSession | undefined {
    const session = decodeSession(this.read(this.options.name));
    return session && session.expiresAt.getTime() > Date.now() ? session : undefined;
  }

  pendingTwoFactor(): string | undefined {
    const value = this.read(this.pendingName);
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  setSession(token: string, expiresAt: string): void {
    const expires = new Date(expiresAt);
    this.res.cookie(this.options.name, encodeSession(token, expires), this.attributes(expires));
  }

  setPendingTwoFactor(token: string): void {
    this.res.cookie(
      this.pendingName,
      token,
      this.attributes(new Date(Date.now() + PENDING_2FA_MS)),
    );
  }

  clearSession(): void {
    this.res.clearCookie(this.options.name, this.attributes());
  }

  clearPendingTwoFactor(): void {
    this.res.clearCookie(this.pendingName, this.attributes());
  }
}

/** The token of a request: a script's Authorization header wins over the browser's cookie. */
export interface Session {
  token?: string;
  /** Where the token came from: a script's Authorization header or the browser's cookie. */
  via: 'header' | 'cookie' | 'none';
}

export function bearer(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return match?.[1];
}

/** The request's session, and the stored cookie session it came from (for refreshing). */
export function requestSession(
  req: Request,
  cookies: SessionCookies,
): { session: Session; stored?: StoredSession } {
  const headerToken = bearer(req);
  if (headerToken) return { session: { token: headerToken, via: 'header' } };
  const stored = cookies.session();
  if (stored) return { session: { token: stored.token, via: 'cookie' }, stored };
  return { session: { via: 'none' } };
}
