// Every limit the API enforces, in the shared store (docs/scaling.md lists them with their keys).
import type { Request, RequestHandler } from 'express';
// Only its address helper: the counts are rate-limiter-flexible's, in the shared store.
import { ipKeyGenerator } from 'express-rate-limit';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../../env.js';
import { RateLimitedError } from '../errors.js';
import type { LimitStore } from './store.js';

export type LimitsConfig = Pick<
  Config,
  'LOGIN_RATE_LIMIT_PER_MINUTE' | 'PIN_WRONG_TRIES_PER_ADDRESS' | 'AI_RATE_LIMIT_PER_MINUTE'
>;

/** Password reset mails one email address may be sent in an hour. */
export const RESETS_PER_HOUR = 5;
/** The window of the wrong PIN tries per client address. */
const PIN_WINDOW_SECONDS = 15 * 60;

/** AI calls per account and minute. */
export const aiPerAccountLimit = (store: LimitStore, perMinute: number) =>
  store.limiter({ name: 'ai_account', points: perMinute, durationSeconds: 60 });

export function createLimits(store: LimitStore, config: LimitsConfig) {
  return {
    /** Every sign-in attempt (password, 2FA code, link code, reset request, PIN) per client address. */
    signInPerAddress: store.limiter({
      name: 'signin_address',
      points: config.LOGIN_RATE_LIMIT_PER_MINUTE,
      durationSeconds: 60,
    }),
    /** Password reset requests per email address, known or not (the mails a stranger can trigger). */
    resetsPerEmail: store.limiter({
      name: 'reset_email',
      points: RESETS_PER_HOUR,
      durationSeconds: 3600,
    }),
    /** Wrong questionnaire PINs per client address. */
    wrongPinsPerAddress: store.limiter({
      name: 'pin_address',
      points: config.PIN_WRONG_TRIES_PER_ADDRESS,
      durationSeconds: PIN_WINDOW_SECONDS,
    }),
    aiPerAccount: aiPerAccountLimit(store, config.AI_RATE_LIMIT_PER_MINUTE),
  };
}

export type Limits = ReturnType<typeof createLimits>;

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Counts one try under `key`; 429 with Retry-After once the limit is used up. */
export async function take(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new RateLimitedError(retryAfter(error));
    throw error; // the store failed: no pass without a count
  }
}

/**
 * Gives back the try `take` counted, for limits that count only failures: taking first keeps the
 * refusal atomic when tries arrive at once.
 */
export async function giveBack(limiter: RateLimiterAbstract, key: string): Promise<void> {
  await limiter.reward(key, 1);
}

/**
 * The client's address as the API sees it: express's `req.ip`, which believes X-Forwarded-For
 * only from the hops TRUST_PROXY names (the gateway puts the address it determined there). An
 * IPv6 client counts by its /56 network, which one person may hold whole.
 */
export const clientAddress = (req: Request): string =>
  ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');

/** Before a route that tries a secret: one sign-in attempt of the client's address. */
export const signInAttempt =
  (limits: Limits): RequestHandler =>
  async (req, _res, next) => {
    await take(limits.signInPerAddress, clientAddress(req));
    next();
  };
