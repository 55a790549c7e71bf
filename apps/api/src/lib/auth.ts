import type { Request, RequestHandler } from 'express';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Db } from './db.js';
import { HttpError } from './errors.js';

export const ROLES = ['Admin', 'PartnerAdmin', 'SuperUser', 'User'] as const;
export type Role = (typeof ROLES)[number];

/** The signed-in user of a request, as read from the database (role changes apply at once). */
export interface AuthUser {
  id: string;
  role: Role;
  companyId: string | null;
  tokenVersion: number;
}

export interface IssuedToken {
  token: string;
  /** ISO 8601 UTC. */
  expiresAt: string;
}

export interface Tokens {
  issue(user: { id: string; role: Role; tokenVersion: number }): Promise<IssuedToken>;
  /** Checks signature, expiry and that the user still has the token's version; else 401. */
  verify(token: string): Promise<AuthUser>;
}

const claims = z.object({ sub: z.uuid(), role: z.enum(ROLES), ver: z.number().int() });

export interface TokenKeys {
  /** Signs new tokens and verifies them. */
  secret: string;
  /** The key before a rotation: its tokens still verify until they expire (docs/deploying.md). */
  previousSecret?: string | undefined;
  ttlSeconds: number;
}

export function createTokens(db: Db, options: TokenKeys): Tokens {
  const encode = (secret: string) => new TextEncoder().encode(secret);
  const key = encode(options.secret);
  const previous = options.previousSecret ? encode(options.previousSecret) : undefined;
  const verifySignature = async (token: string) => {
    try {
      return await jwtVerify(token, key, { algorithms: ['HS256'] });
    } catch (error) {
      if (!previous) throw error;
      return await jwtVerify(token, previous, { algorithms: ['HS256'] });
    }
  };
  return {
    async issue(user) {
      const expires = new Date(Date.now() + options.ttlSeconds * 1000);
      const token = await new SignJWT({ role: user.role, ver: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expires.getTime() / 1000))
        .sign(key);
      return { token, expiresAt: expires.toISOString() };
    },
    async verify(token) {
      const payload = await verifySignature(token)
        .then((result) => claims.parse(result.payload))
        .catch(() => {
          throw new HttpError('unauthenticated');
        });
      const [user] = await db.query<AuthUser>(
        `SELECT id, role, company_id AS "companyId", token_version AS "tokenVersion"
           FROM users WHERE id = $1`,
        [payload.sub],
      );
      if (!user || user.tokenVersion !== payload.ver) throw new HttpError('unauthenticated');
      return user;
    },
  };
}

export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return match?.[1];
}

const signedIn = new WeakMap<Request, AuthUser>();

/** Requires a valid bearer token and remembers its user for `currentUser`. */
export function authenticate(tokens: Tokens): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw new HttpError('unauthenticated');
    signedIn.set(req, await tokens.verify(token));
    next();
  };
}

/** The user `authenticate` let through; a route without `authenticate` in front is a bug. */
export function currentUser(req: Request): AuthUser {
  const user = signedIn.get(req);
  if (!user) throw new HttpError('unauthenticated');
  return user;
}

/** After `authenticate`: only these roles pass, the rest get 403 forbidden. */
export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!roles.includes(currentUser(req).role)) throw new HttpError('forbidden');
    next();
  };
}
