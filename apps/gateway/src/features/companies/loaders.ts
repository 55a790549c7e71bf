// Per-request loaders of the companies feature. Other features resolve a company by id through
// `companyById` (e.g. `Survey.company`, `User.companies`): lists prime it, so N rows cost no extra calls.
import DataLoader from 'dataloader';
import type { BoundRestClient } from '../../lib/rest-client.js';
import type {
  CompanyDto,
  CompanySurveyDto,
  CompanyWithSurveysDto,
  UnitLevelDto,
  UnitLevelsDto,
} from './mappers.js';
import { codeOf } from '../../lib/errors.js';

export type CompaniesLoaders = ReturnType<typeof createCompaniesLoaders>;

export function createCompaniesLoaders(api: BoundRestClient) {
  /**
   * Companies by id; null when the company does not exist or is outside the account's reach. One key:
   * `GET /companies/{id}`; several: one `GET /companies` (every visible company) for all of them.
   */
  const companyById = new DataLoader<string, CompanyDto | null>(async (ids) => {
    const one = async (id: string) => {
      try {
        return await api.get<CompanyDto>(`/companies/${encodeURIComponent(id)}`);
      } catch (error) {
        const code = codeOf(error);
        if (code === 'NOT_FOUND' || code === 'FORBIDDEN') return null;
        throw error;
      }
    };
    if (ids.length === 1) return [await one(ids[0] ?? '')];
    const visible = await api.get<CompanyDto[]>('/companies');
    const byId = new Map(visible.map((company) => [company.id, company]));
    return ids.map((id) => byId.get(id) ?? null);
  });

  /** Surveys (id, name) by company id: one call for one company, one call for all of them otherwise. */
  const surveysByCompany = new DataLoader<string, CompanySurveyDto[]>(async (ids) => {
    const query = ids.length === 1 ? `?companyId=${encodeURIComponent(ids[0] ?? '')}` : '';
    const rows = await api.get<CompanyWithSurveysDto[]>(`/companies/companiesandsurveys${query}`);
    const byId = new Map(rows.map((row) => [row.id, row.surveys]));
    return ids.map((id) => byId.get(id) ?? []);
  });

  /** Unit levels by company id (`GET /companies/units/newresponder/{id}`, one call per company). */
  const unitLevelsByCompany = new DataLoader<string, UnitLevelDto[]>((ids) =>
    Promise.all(
      ids.map((id) =>
        api
          .get<UnitLevelsDto>(`/companies/units/newresponder/${encodeURIComponent(id)}`)
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
