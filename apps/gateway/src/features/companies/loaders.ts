// Per-request loaders of the companies feature. Other features resolve a company by id through
// `companyById` (e.g. `Survey.company`, `User.companies`): lists prime it, so N rows cost no extra calls.
import DataLoader from 'dataloader';
import type { BoundRestClient } from '../../lib/rest-client.js';
import { orNull } from '../../lib/results.js';
import * as rest from './rest.js';
import type { CompanyDto, CompanySurveyDto, UnitLevelDto } from './rest.js';

export type CompaniesLoaders = ReturnType<typeof createCompaniesLoaders>;

export function createCompaniesLoaders(api: BoundRestClient) {
  /**
   * Companies by id; null when the company does not exist or is outside the account's reach. One key:
   * `GET /companies/{id}`; several: one `GET /companies` (every visible company) for all of them.
   */
  const companyById = new DataLoader<string, CompanyDto | null>(async (ids) => {
    if (ids.length === 1)
      return [await orNull(rest.company(api, ids[0] ?? ''), ['NOT_FOUND', 'FORBIDDEN'])];
    const visible = await rest.companies(api);
    const byId = new Map(visible.map((company) => [company.id, company]));
    return ids.map((id) => byId.get(id) ?? null);
  });

  /** Surveys (id, name) by company id: one call for one company, one call for all of them otherwise. */
  const surveysByCompany = new DataLoader<string, CompanySurveyDto[]>(async (ids) => {
    const rows = await rest.companiesAndSurveys(api, ids.length === 1 ? ids[0] : undefined);
    const byId = new Map(rows.map((row) => [row.id, row.surveys]));
    return ids.map((id) => byId.get(id) ?? []);
  });

  /** Unit levels by company id (`GET /companies/units/newresponder/{id}`, one call per company). */
  const unitLevelsByCompany = new DataLoader<string, UnitLevelDto[]>((ids) =>
    Promise.all(
      ids.map((id) =>
        rest
          .unitLevels(api, id)
          .then((answer) => answer.levels)
          .catch((error: Error) => error),
      ),
    ),
  );

  return {
    companyById,
    surveysByCompany,
    unitLevelsByCompany,
    /** Puts companies of a list answer into `companyById`, so later look-ups by id cost nothing. */
    prime<T extends readonly CompanyDto[]>(companies: T): T {
      for (const company of companies) companyById.clear(company.id).prime(company.id, company);
      return companies;
    },
  };
}
