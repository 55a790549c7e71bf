import { GraphQLError } from 'graphql';
import type {
  FieldError,
  Resolvers,
  UserOrderField,
  UserResult,
} from '../../__generated__/resolvers.js';
import type { ResendDto, UserDto, UserPageDto } from './mappers.js';
import { codeOf } from '../../lib/errors.js';

/** The REST `order` value of each sortable column. */
const ORDER: Record<UserOrderField, string> = {
  EMAIL: 'email',
  DISPLAY_NAME: 'displayName',
  ROLE: 'role',
  LANGUAGE: 'language',
  EMAIL_CONFIRMED: 'emailConfirmed',
  COMPANY: 'company',
};

type Result = Omit<UserResult, 'user'> & { user?: UserDto | null };

/** Runs a user write; input the user can fix (400) comes back as field errors, the rest throws. */
async function asResult(write: () => Promise<UserDto>): Promise<Result> {
  try {
    return { ok: true, fieldErrors: [], user: await write() };
  } catch (error) {
    if (!(error instanceof GraphQLError) || codeOf(error) !== 'BAD_USER_INPUT') throw error;
    return { ok: false, fieldErrors: (error.extensions.fieldErrors as FieldError[]) ?? [] };
  }
}

/** A query string without empty values. */
function search(values: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const usersResolvers: Resolvers = {
  // The user's companies as the companies feature knows them: one batched look-up for a whole page.
  User: {
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
      const query = search({
        query: filter?.trim(),
        order: order ? ORDER[order.by] : undefined,
        direction: order?.direction,
      });
      return api.get<UserPageDto>(`/user/${skip ?? 0}/${take ?? 10}${query}`);
    },

    async user(_parent, { id }, { api }) {
      try {
        return await api.get<UserDto>(`/user/${encodeURIComponent(id)}`);
      } catch (error) {
        if (codeOf(error) === 'NOT_FOUND') return null;
        throw error;
      }
    },

    // The API decides which roles an account may give; its account answer carries them.
    async assignableRoles(_parent, _args, { session, loaders }) {
      if (!session.token) return [];
      const account = await loaders.account.accountByToken.load(session.token);
      return account.assignableRoles;
    },
  },

  Mutation: {
    createUser: (_parent, { input }, { api }) => asResult(() => api.post<UserDto>('/user', input)),

    updateUser: (_parent, { input }, { api }) => asResult(() => api.put<UserDto>('/user', input)),

    async deleteUser(_parent, { email }, { api }) {
      await api.delete(`/user${search({ email })}`);
      return true;
    },

    setUserUnits: (_parent, { email, unitIds }, { api }) =>
      asResult(() => api.post<UserDto>('/user/units', { email, unitIds })),

    setUserCompanies: (_parent, { email, companyIds }, { api }) =>
      asResult(() => api.post<UserDto>('/user/companies', { email, companyIds })),

    async resendConfirmation(_parent, { email }, { api }) {
      const result = await api.post<ResendDto>('/user/ResendConfirmationEmail', { email });
      return result.delivered ? { delivered: true } : result;
    },
  },
};
