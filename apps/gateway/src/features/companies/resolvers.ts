import type { CompanyOrderField, Resolvers } from '../../__generated__/resolvers.js';
import { orNull, writePayload, writeResult } from '../../lib/results.js';
import * as rest from './rest.js';

/** The REST `order` value of each sortable column. */
const ORDER: Record<CompanyOrderField, string> = {
  NAME: 'name',
  INDUSTRY: 'industry',
  SIZE: 'size',
  CREATED: 'created',
};

export const companiesResolvers: Resolvers = {
  Query: {
    async companies(_parent, { skip, take, filter, order }, { api, loaders }) {
      const page = await rest.companyPage(api, {
        skip,
        take,
        query: filter?.trim(),
        order: order ? ORDER[order.by] : undefined,
        direction: order?.direction,
      });
      loaders.companies.prime(page.records);
      return page;
    },

    async company(_parent, { id }, { api, loaders }) {
      const company = await orNull(rest.company(api, id));
      if (company) loaders.companies.prime([company]);
      return company;
    },

    async companyChoices(_parent, _args, { api, loaders }) {
      return loaders.companies.prime(await rest.companies(api));
    },
  },

  Mutation: {
    createCompany: (_parent, { input }, { api }) =>
      writePayload('company', () => rest.createCompany(api, input)),

    updateCompany: (_parent, { id, input }, { api, loaders }) =>
      writePayload('company', async () => {
        const company = await rest.updateCompany(api, id, input);
        loaders.companies.prime([company]);
        return company;
      }),

    async deleteCompany(_parent, { id }, { api, loaders }) {
      const { ok, fieldErrors } = await writeResult(() => rest.deleteCompany(api, id));
      loaders.companies.companyById.clear(id);
      return { ok, fieldErrors };
    },

    async createUnit(_parent, { input }, { api, loaders }) {
      const result = await writeResult(() => rest.createUnit(api, input));
      if (!result.ok) return { ok: false, fieldErrors: result.fieldErrors, unit: null };
      // The unit as stored: an existing unit of that name keeps its own parent.
      loaders.companies.unitLevelsByCompany.clear(input.companyId);
      const levels = await loaders.companies.unitLevelsByCompany.load(input.companyId);
      const unit = levels.flatMap((level) => level.units).find((u) => u.id === result.value.id);
      return { ok: true, fieldErrors: [], unit: unit ?? null };
    },

    async updateUnit(_parent, { id, input }, { api, loaders }) {
      const result = await writePayload('unit', () => rest.updateUnit(api, id, input));
      if (result.ok) loaders.companies.unitLevelsByCompany.clearAll();
      return result;
    },

    async deleteUnit(_parent, { id }, { api, loaders }) {
      const { ok, fieldErrors } = await writeResult(() => rest.deleteUnit(api, id));
      loaders.companies.unitLevelsByCompany.clearAll();
      return { ok, fieldErrors };
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
