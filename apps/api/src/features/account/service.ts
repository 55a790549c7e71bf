import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../../env.js';
import type { Db } from '../../lib/db.js';
import type { IssuedToken, Role, Tokens } from '../../lib/auth.js';
import { randomToken, sha256, sixDigitCode } from '../../lib/codes.js';
import { HttpError } from '../../lib/errors.js';
import { isLanguage } from '../../lib/languages.js';
import type { MailOutbox, MailQueue } from '../../lib/mail-queue.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { assignableRoles, seesUnendedSurveys } from '../../lib/roles.js';
import { isUuid } from '../../lib/validation.js';
import type { OutgoingMail } from '../../lib/mail.js';
import { confirmationEmail, resetEmail, twoFactorEmail } from './emails.js';
import * as q from './queries.js';

const MAX_FAILED_LOGINS = 5;
const LOCK_MINUTES = 15;
const TWO_FACTOR_MINUTES = 10;
const MAX_WRONG_CODES = 5;
const LINK_MINUTES = 24 * 60;

export interface AccountDeps {
  db: Db;
  outbox: MailOutbox;
  config: Pick<Config, 'WEB_URL'>;
  tokens: Tokens;
}

export interface Account {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  language: string;
  twoFactorEnabled: boolean;
  localizedReports: boolean;
  companies: { id: string; name: string }[];
  unitIds: string[];
  /** The roles the account may give to users (lib/roles.ts): the console offers these. */
  assignableRoles: Role[];
  /** Whether the account reads reports of surveys before they end (lib/roles.ts). */
  seesUnendedSurveys: boolean;
}

export type SignedIn = IssuedToken & { role: Role; require2FA: false; user: Account };
export type LoginResult = SignedIn | { require2FA: true; twoFactorToken: string; role: Role };

// The session token is part of the hash, so a leaked code hash is useless without it.
const twoFactorHash = (sessionToken: string, code: string) => sha256(`${sessionToken}:${code}`);

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function accountService({ db, outbox, config, tokens }: AccountDeps) {
  async function toAccount(user: q.UserRow): Promise<Account> {
    const [companies, unitIds] = await Promise.all([
      q.accountCompanies(db, user.id),
      q.accountUnitIds(db, user.id),
    ]);
    return {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      language: user.language,
      twoFactorEnabled: user.twoFactorEnabled,
      localizedReports: user.localizedReports,
      companies,
      unitIds,
      assignableRoles: assignableRoles(user.role),
      seesUnendedSurveys: seesUnendedSurveys(user.role),
    };
  }

  async function account(userId: string): Promise<Account> {
    const user = await q.findUserById(db, userId);
    if (!user) throw new HttpError('unauthenticated');
    return toAccount(user);
  }

  async function signIn(userId: string): Promise<SignedIn> {
    const user = await q.findUserById(db, userId);
    if (!user) throw new HttpError('unauthenticated');
    const issued = await tokens.issue(user);
    return { ...issued, role: user.role, require2FA: false, user: await toAccount(user) };
  }

  async function startTwoFactor(user: q.UserRow): Promise<LoginResult> {
    const sessionToken = randomToken();
    const code = sixDigitCode();
    await db.transaction(async (tx) => {
      await q.useCodes(tx, user.id, 'two_factor'); // only the newest emailed code works
      await q.insertCode(tx, {
        userId: user.id,
        purpose: 'two_factor',
        codeHash: twoFactorHash(sessionToken, code),
        sessionHash: sha256(sessionToken),
        ttlMinutes: TWO_FACTOR_MINUTES,
      });
      // The code and its mail commit together; the worker sends it within about a second.
      const mail = twoFactorEmail(user.language, user, code);
      await outbox.enqueue(tx, [{ key: `two-factor:${sha256(sessionToken)}`, mail }], 'now');
    });
    return { require2FA: true, twoFactorToken: sessionToken, role: user.role };
  }

  /**
   * A single-use link code valid for 24 hours and its mail (built from the link), queued in one
   * transaction; returns the mail's idempotency key.
   */
  async function mailLinkCode(
    link: { userId: string; purpose: 'reset' | 'confirm'; mailFor(code: string): OutgoingMail },
    within: Db = db,
    queue: MailQueue = 'now',
  ): Promise<string> {
    const { userId, purpose } = link;
    const code = randomToken();
    const key = `${purpose}:${sha256(code)}`;
    await within.transaction(async (tx) => {
      await q.insertCode(tx, { userId, purpose, codeHash: sha256(code), ttlMinutes: LINK_MINUTES });
      await outbox.enqueue(tx, [{ key, mail: link.mailFor(code) }], queue);
    });
    return key;
  }

  /** Changes the password when the link code is open; uses up every code of that purpose. */
  async function redeemLinkCode(
    userId: string,
    code: string,
    purpose: 'reset' | 'confirm',
    password: string,
  ): Promise<void> {
    if (!isUuid(userId)) throw new HttpError('invalid-code');
    const passwordHash = await hashPassword(password);
    const redeemed = await db.transaction(async (tx) => {
      if (!(await q.isOpenCode(tx, userId, purpose, sha256(code)))) return false;
      await q.setPassword(tx, userId, passwordHash);
      await q.useCodes(tx, userId, purpose);
      return true;
    });
    if (!redeemed) throw new HttpError('invalid-code');
  }

  const linkLanguage = (requested: string | undefined, own: string) =>
    isLanguage(requested) ? requested : own;

  const webLink = (path: string, userId: string, code: string, language: string) =>
    `${config.WEB_URL}${path}/${userId}/${code}?lng=${encodeURIComponent(language)}`;

  return {
    account,

    async login(email: string, password: string): Promise<LoginResult> {
      const user = await q.findUserByEmail(db, email);
      if (!user) {
        await burnPasswordCheck(password);
        throw new HttpError('invalid-credentials');
      }
      // A locked account answers locked even to the right password, so guessing learns nothing.
      if (user.locked) throw new HttpError('locked_out');
      if (!user.passwordHash) {
        await burnPasswordCheck(password); // not confirmed yet: no password to sign in with
        throw new HttpError('invalid-credentials');
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        const { locked } = await q.recordFailedLogin(db, user.id, MAX_FAILED_LOGINS, LOCK_MINUTES);
        throw new HttpError(locked ? 'locked_out' : 'invalid-credentials');
      }
      await q.clearFailedLogins(db, user.id);
      return user.twoFactorEnabled ? startTwoFactor(user) : signIn(user.id);
    },

    async twoFactorLogin(sessionToken: string | undefined, code: string): Promise<SignedIn> {
      if (!sessionToken) throw new HttpError('session-not-found');
      // The outcome leaves the transaction as a value: throwing inside would roll back the count.
      const outcome = await db.transaction(async (tx) => {
        const session = await q.findTwoFactorSession(tx, sha256(sessionToken));
        if (!session) return { result: 'session-not-found' } as const;
        if (!sameHash(session.codeHash, twoFactorHash(sessionToken, code.trim()))) {
          const attempts = await q.recordWrongCode(tx, session.id, MAX_WRONG_CODES);
          return {
            result: attempts >= MAX_WRONG_CODES ? 'locked_out_2fa' : 'incorrect-code',
          } as const;
        }
        await q.endCode(tx, session.id);
        return { result: 'ok', userId: session.userId } as const;
      });
      if (outcome.result !== 'ok') throw new HttpError(outcome.result);
      return signIn(outcome.userId);
    },

    refresh: (user: { id: string; role: Role; tokenVersion: number }) => tokens.issue(user),

    async checkConfirmation(userId: string, code: string): Promise<void> {
      if (!isUuid(userId) || !(await q.isOpenCode(db, userId, 'confirm', sha256(code)))) {
        throw new HttpError('invalid-code');
      }
    },

    async confirm(userId: string, code: string, password: string): Promise<SignedIn> {
      await redeemLinkCode(userId, code, 'confirm', password);
      return signIn(userId);
    },

    /** Emails a reset link when the account exists; says nothing either way. */
    async requestReset(email: string, language?: string): Promise<void> {
      const user = await q.findUserByEmail(db, email);
      if (!user) return;
      const lng = linkLanguage(language, user.language);
      await mailLinkCode({
        userId: user.id,
        purpose: 'reset',
        mailFor: (code) =>
          resetEmail(lng, user, webLink('/account/reset/confirm', user.id, code, lng)),
      });
    },

    confirmReset: (userId: string, code: string, password: string) =>
      redeemLinkCode(userId, code, 'reset', password),

    /**
     * Queues an account confirmation link (new accounts; the users feature resends it), in `tx`
     * when given (the transaction that created the account); returns the mail's idempotency key,
     * whose delivery a resend waits for.
     */
    async sendConfirmation(
      userId: string,
      options: { tx?: Db; queue?: MailQueue; language?: string } = {},
    ): Promise<string> {
      const { tx = db, queue = 'now' } = options;
      const user = await q.findUserById(tx, userId);
      if (!user) throw new HttpError('not-found');
      const lng = linkLanguage(options.language, user.language);
      return mailLinkCode(
        {
          userId: user.id,
          purpose: 'confirm',
          mailFor: (code) =>
            confirmationEmail(lng, user, webLink('/account/confirm', user.id, code, lng)),
        },
        tx,
        queue,
      );
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
