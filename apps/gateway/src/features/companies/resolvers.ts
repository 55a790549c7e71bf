import type { GraphQLError } from 'graphql';
import type {
  CompanyOrderField,
  CompanyResult,
  FieldError,
  Resolvers,
} from '../../__generated__/resolvers.js';
import type { CompanyDto, CompanyPageDto, UnitDto } from './mappers.js';
import { codeOf } from '../../lib/errors.js';

/** The REST `order` value of each sortable column. */
const ORDER: Record<CompanyOrderField, string> = {
  NAME: 'name',
  INDUSTRY: 'industry',
  SIZE: 'size',
  CREATED: 'created',
};

/** A query string without empty values. */
function search(values: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Input the user can fix (400) comes back as field errors; everything else throws. */
async function fieldErrorsOf<T>(
  write: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; fieldErrors: FieldError[] }> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    if (codeOf(error) !== 'BAD_USER_INPUT') throw error;
    const fieldErrors = (error as GraphQLError).extensions.fieldErrors as FieldError[] | undefined;
    return { ok: false, fieldErrors: fieldErrors ?? [] };
  }
}

type Result = Omit<CompanyResult, 'company'> & { company?: CompanyDto | null };

async function companyResult(write: () => Promise<CompanyDto>): Promise<Result> {
  const result = await fieldErrorsOf(write);
  return result.ok
    ? { ok: true, fieldErrors: [], company: result.value }
    : { ok: false, fieldErrors: result.fieldErrors };
}

export const companiesResolvers: Resolvers = {
  Query: {
    async companies(_parent, { skip, take, filter, order }, { api, loaders }) {
      const query = search({
        query: filter?.trim(),
        order: order ? ORDER[order.by] : undefined,
        direction: order?.direction,
      });
      const page = await api.get<CompanyPageDto>(`/companies/${skip ?? 0}/${take ?? 10}${query}`);
      loaders.companies.prime(page.records);
      return page;
    },

    async company(_parent, { id }, { api, loaders }) {
      try {
        const company = await api.get<CompanyDto>(`/companies/${encodeURIComponent(id)}`);
        loaders.companies.prime([company]);
        return company;
      } catch (error) {
        if (codeOf(error) === 'NOT_FOUND') return null;
        throw error;
      }
    },

    async companyChoices(_parent, _args, { api, loaders }) {
      return loaders.companies.prime(await api.get<CompanyDto[]>('/companies'));
    },
  },

  Mutation: {
    createCompany: (_parent, { input }, { api }) =>
      companyResult(() => api.post<CompanyDto>('/companies/create', input)),

    updateCompany: (_parent, { id, input }, { api, loaders }) =>
      companyResult(async () => {
        const company = await api.put<CompanyDto>('/companies', { id, ...input });
        loaders.companies.prime([company]);
        return company;
      }),

    async deleteCompany(_parent, { id }, { api, loaders }) {
      const result = await fieldErrorsOf(() =>
        api.delete<unknown>(`/companies/${encodeURIComponent(id)}`),
      );
      loaders.companies.companyById.clear(id);
      return result.ok ? { ok: true, fieldErrors: [] } : result;
    },

    async createUnit(_parent, { input }, { api, loaders }) {
      const result = await fieldErrorsOf(() =>
        api.post<{ id: string }>('/companies/newunit', input),
      );
      if (!result.ok) return { ...result, unit: null };
      // The unit as stored: an existing unit of that name keeps its own parent.
      loaders.companies.unitLevelsByCompany.clear(input.companyId);
      const levels = await loaders.companies.unitLevelsByCompany.load(input.companyId);
      const unit = levels.flatMap((level) => level.units).find((u) => u.id === result.value.id);
      return { ok: true, fieldErrors: [], unit: unit ?? null };
    },

    async updateUnit(_parent, { id, input }, { api, loaders }) {
      const result = await fieldErrorsOf(() =>
        api.put<UnitDto>(`/companies/units/${encodeURIComponent(id)}`, input),
      );
      if (!result.ok) return { ...result, unit: null };
      loaders.companies.unitLevelsByCompany.clearAll();
      return { ok: true, fieldErrors: [], unit: result.value };
    },

    async deleteUnit(_parent, { id }, { api, loaders }) {
      const result = await fieldErrorsOf(() =>
        api.delete<unknown>(`/companies/units/${encodeURIComponent(id)}`),
      );
      loaders.companies.unitLevelsByCompany.clearAll();
      return result.ok ? { ok: true, fieldErrors: [] } : result;
    },
  },

  Company: {
    async industry(company, _args, { loaders }) {
      const configuration = await loaders.configuration.configuration.load('configuration');
      return (
        configuration.companyIndustries.find((option) => option.id === company.industryId) ?? null
      );
    },
    async size(company, _args, { loaders }) {
      const configuration = await loaders.configuration.configuration.load('configuration');
      return configuration.companySizes.find((option) => option.id === company.sizeId) ?? null;
    },
    unitLevels: (company, _args, { loaders }) =>
      loaders.companies.unitLevelsByCompany.load(company.id),
    surveys: (company, _args, { loaders }) => loaders.companies.surveysByCompany.load(company.id),
  },
};
