import type { Resolvers, UserOrderField } from '../../__generated__/resolvers.js';
import { orNull, writePayload } from '../../lib/results.js';
import { graphqlRole, restRole } from '../../lib/roles.js';
import * as rest from './rest.js';

/** The REST `order` value of each sortable column. */
const ORDER: Record<UserOrderField, string> = {
  EMAIL: 'email',
  DISPLAY_NAME: 'displayName',
  ROLE: 'role',
  LANGUAGE: 'language',
  EMAIL_CONFIRMED: 'emailConfirmed',
  COMPANY: 'company',
};

export const usersResolvers: Resolvers = {
  // The user's companies as the companies feature knows them: one batched look-up for a whole page.
  User: {
    role: (user, _args, { enumSpelling }) => graphqlRole(user.role, enumSpelling),
    company: (user, _args, { loaders }) =>
      user.companyId ? loaders.companies.companyById.load(user.companyId) : null,
    async companies(user, _args, { loaders }) {
      const ids = user.companies.map((company) => company.id);
      const found = await loaders.companies.companyById.loadMany(ids);
      type Found = (typeof found)[number];
      return found.filter(
        (company): company is Exclude<Found, Error | null> =>
          company !== null && !(company instanceof Error),
      );
    },
  },

  Query: {
    users(_parent, { skip, take, filter, order }, { api }) {
      return rest.userPage(api, {
        skip,
        take,
        query: filter?.trim(),
        order: order ? ORDER[order.by] : undefined,
        direction: order?.direction,
      });
    },

    user: (_parent, { id }, { api }) => orNull(rest.user(api, id)),

    async assignableRoles(_parent, _args, { session, loaders, enumSpelling }) {
      if (!session.token) return [];
      const account = await loaders.account.accountByToken.load(session.token);
      return account.assignableRoles.map((role) => graphqlRole(role, enumSpelling));
    },
  },

  Mutation: {
    createUser: (_parent, { input }, { api }) =>
      writePayload('user', () => rest.createUser(api, { ...input, role: restRole(input.role) })),

    updateUser: (_parent, { input }, { api }) =>
      writePayload('user', () => rest.updateUser(api, { ...input, role: restRole(input.role) })),

    async deleteUser(_parent, { email }, { api }) {
      await rest.deleteUser(api, email);
      return true;
    },

    setUserUnits: (_parent, { email, unitIds }, { api }) =>
      writePayload('user', () => rest.setUnits(api, email, unitIds)),

    setUserCompanies: (_parent, { email, companyIds }, { api }) =>
      writePayload('user', () => rest.setCompanies(api, email, companyIds)),

    async resendConfirmation(_parent, { email }, { api }) {
      const result = await rest.resendConfirmation(api, email);
      return result.delivered ? { delivered: true } : result;
    },
  },
};
