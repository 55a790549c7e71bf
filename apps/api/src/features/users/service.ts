import type { AccountService } from '../account/index.js';
import type { AuthUser, Role } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import { assignableRoles } from '../../lib/roles.js';
import { isUuid } from '../../lib/validation.js';
import * as q from './queries.js';
import type { OrderColumn } from './schemas.js';

export interface UsersDeps {
  db: Db;
  accounts: AccountService;
}

const fieldProblem = (field: string, message: string) =>
  new HttpError('validation-failed', [{ field, message }]);

export function usersService({ db, accounts }: UsersDeps) {
  /** Companies whose users the caller manages. */
  async function scopeOf(caller: AuthUser): Promise<q.Scope> {
    if (caller.role === 'Admin') return 'all';
    if (caller.role === 'PartnerAdmin') return q.assignedCompanyIds(db, caller.id);
    if (caller.role === 'SuperUser' && caller.companyId) return [caller.companyId];
    return [];
  }

  const inScope = (scope: q.Scope, companyId: string | null) =>
    scope === 'all' || (companyId !== null && scope.includes(companyId));

  /**
   * A user the caller may manage: 404 when there is none, 403 across a company boundary or for a
   * user of a role the caller could not give (a PartnerAdmin cannot touch an Admin).
   */
  async function managed(caller: AuthUser, user: q.User | undefined): Promise<q.User> {
    if (!user) throw new HttpError('not-found');
    if (user.id === caller.id) return user;
    if (!inScope(await scopeOf(caller), user.companyId)) throw new HttpError('forbidden');
    if (!assignableRoles(caller.role).includes(user.role)) throw new HttpError('forbidden');
    return user;
  }

  const byEmail = async (caller: AuthUser, email: string) =>
    managed(caller, await q.findUserByEmail(db, email));

  return {
    async list(
      caller: AuthUser,
      page: {
        skip: number;
        take: number;
        query?: string;
        orderBy: OrderColumn;
        direction: 'ASC' | 'DESC';
      },
    ) {
      // The users `managed` lets the caller open: none of a role the caller could not give.
      return q.listUsers(db, await scopeOf(caller), assignableRoles(caller.role), page);
    },

    async get(caller: AuthUser, id: string): Promise<q.User> {
      if (!isUuid(id)) throw new HttpError('not-found');
      return managed(caller, await q.findUser(db, id));
    },

    /** Creates an unconfirmed user and emails the confirmation link (not waiting for the mail). */
    async create(
      caller: AuthUser,
      input: {
        displayName: string;
        email: string;
        companyId: string;
        role: Role;
        language: string;
      },
    ): Promise<q.User> {
      if (!assignableRoles(caller.role).includes(input.role)) throw new HttpError('forbidden');
      if ((await q.existingCompanyIds(db, [input.companyId])).length === 0) {
        throw fieldProblem('companyId', 'validation.invalid');
      }
      if (!inScope(await scopeOf(caller), input.companyId)) throw new HttpError('forbidden');
      if (await q.emailTaken(db, input.email)) throw fieldProblem('email', 'users.form.emailInUse');
      // A PartnerAdmin is assigned companies; everyone else belongs to one.
      const partner = input.role === 'PartnerAdmin';
      // The account and its confirmation mail commit together (the mail queue's outbox).
      const id = await db.transaction(async (tx) => {
        const userId = await q.insertUser(tx, {
          ...input,
          companyId: partner ? null : input.companyId,
        });
        if (partner) await q.replaceCompanies(tx, userId, [input.companyId]);
        await accounts.sendConfirmation(userId, { tx });
        return userId;
      });
      const user = await q.findUser(db, id);
      if (!user) throw new Error('created user not found');
      return user;
    },

    async update(
      caller: AuthUser,
      input: {
        id: string;
        displayName: string;
        email: string;
        role: Role;
        language: string;
        twoFactorEnabled?: boolean;
      },
    ): Promise<q.User> {
      const user = await managed(caller, await q.findUser(db, input.id));
      if (input.role !== user.role && !assignableRoles(caller.role).includes(input.role)) {
        throw new HttpError('forbidden');
      }
      if (await q.emailTaken(db, input.email, user.id)) {
        throw fieldProblem('email', 'users.form.emailInUse');
      }
      await db.transaction(async (tx) => {
        await q.updateUser(tx, {
          ...input,
          twoFactorEnabled: input.twoFactorEnabled ?? user.twoFactorEnabled,
        });
        await q.moveCompanyLinks(tx, user.id, user.role, input.role);
      });
      return (await q.findUser(db, user.id)) ?? user;
    },

    async remove(caller: AuthUser, email: string): Promise<void> {
      const user = await byEmail(caller, email);
      if (user.id === caller.id) throw new HttpError('forbidden');
      await q.deleteUser(db, user.id);
    },

    /** Replaces the user's units; each must be a unit of the user's company. */
    async setUnits(caller: AuthUser, email: string, unitIds: string[]): Promise<q.User> {
      const user = await byEmail(caller, email);
      // Units limit what a user reads (restricted comments): nobody but an Admin changes their own.
      if (user.id === caller.id && caller.role !== 'Admin') throw new HttpError('forbidden');
      const wanted = [...new Set(unitIds)];
      if (wanted.length > 0) {
        const found = user.companyId ? await q.unitIdsOfCompany(db, user.companyId, wanted) : [];
        if (found.length !== wanted.length) throw fieldProblem('unitIds', 'users.units.invalid');
      }
      await db.transaction((tx) => q.replaceUnits(tx, user.id, wanted));
      return (await q.findUser(db, user.id)) ?? user;
    },

    /** Replaces the companies a PartnerAdmin is assigned to; each within the caller's reach. */
    async setCompanies(caller: AuthUser, email: string, companyIds: string[]): Promise<q.User> {
      const user = await byEmail(caller, email);
      if (user.role !== 'PartnerAdmin') throw fieldProblem('email', 'users.companies.notPartner');
      const wanted = [...new Set(companyIds)];
      if ((await q.existingCompanyIds(db, wanted)).length !== wanted.length) {
        throw fieldProblem('companyIds', 'users.companies.invalid');
      }
      const scope = await scopeOf(caller);
      if (!wanted.every((id) => inScope(scope, id))) throw new HttpError('forbidden');
      await db.transaction((tx) => q.replaceCompanies(tx, user.id, wanted));
      return (await q.findUser(db, user.id)) ?? user;
    },

    /** Queues a new confirmation mail; returns its idempotency key. */
    async resendConfirmation(caller: AuthUser, email: string): Promise<string> {
      const user = await byEmail(caller, email);
      if (user.emailConfirmed) throw fieldProblem('email', 'users.alreadyConfirmed');
      return accounts.sendConfirmation(user.id);
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
