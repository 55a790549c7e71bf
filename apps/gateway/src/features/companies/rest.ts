// The companies calls of the REST API (docs/rest-api.md, Companies): their paths, query strings,
// bodies and answers.
import type { CompanyDto, CompanyPageDto, UnitDto } from '@survey/api';
import type {
  CompanyInput,
  CreateUnitInput,
  UpdateUnitInput,
} from '../../__generated__/resolvers.js';
import type { BoundRestClient } from '../../lib/rest-client.js';
import { pagePath, path, withQuery, type ListQuery } from '../../lib/rest-params.js';

/**
 * `GET /companies/{id}` (an entry of `GET /companies` and of a page), `GET /companies/{skip}/{take}`
 * and a unit: the API's own answer types, so a changed REST field breaks this build.
 */
export type { CompanyDto, CompanyPageDto, UnitDto };
export type CompanySettingsDto = CompanyDto['settings'];

/** An entry of `GET /companies/units/newresponder/{id}`'s `levels`. */
export interface UnitLevelDto {
  index: number;
  units: UnitDto[];
}

export interface UnitLevelsDto {
  levels: UnitLevelDto[];
}

export interface CompanySurveyDto {
  id: string;
  name: string;
  created: string;
  invitesSent: string | null;
  finished: string | null;
  hasStarted: boolean;
  hasEnded: boolean;
  baseSurveyId: string | null;
}

/** An entry of `GET /companies/companiesandsurveys`. */
export interface CompanyWithSurveysDto {
  id: string;
  name: string;
  surveys: CompanySurveyDto[];
}

/** `GET /companies/{skip}/{take}?query=&order=&direction=` (10 rows unless `take` says otherwise). */
export const companyPage = (
  api: BoundRestClient,
  { query, order, direction, ...page }: ListQuery,
) => api.get<CompanyPageDto>(pagePath('/companies', page, 10, { query, order, direction }));

export const company = (api: BoundRestClient, id: string) =>
  api.get<CompanyDto>(path`/companies/${id}`);

/** Every company the account can see. */
export const companies = (api: BoundRestClient) => api.get<CompanyDto[]>('/companies');

/** The companies with their surveys: one company's, or every visible company's without an id. */
export const companiesAndSurveys = (api: BoundRestClient, companyId?: string) =>
  api.get<CompanyWithSurveysDto[]>(withQuery('/companies/companiesandsurveys', { companyId }));

export const unitLevels = (api: BoundRestClient, companyId: string) =>
  api.get<UnitLevelsDto>(path`/companies/units/newresponder/${companyId}`);

export const createCompany = (api: BoundRestClient, input: CompanyInput) =>
  api.post<CompanyDto>('/companies/create', input);

export const updateCompany = (api: BoundRestClient, id: string, input: CompanyInput) =>
  api.put<CompanyDto>('/companies', { id, ...input });

export const deleteCompany = (api: BoundRestClient, id: string) =>
  api.delete<unknown>(path`/companies/${id}`);

export const createUnit = (api: BoundRestClient, input: CreateUnitInput) =>
  api.post<{ id: string }>('/companies/newunit', input);

export const updateUnit = (api: BoundRestClient, id: string, input: UpdateUnitInput) =>
  api.put<UnitDto>(path`/companies/units/${id}`, input);

export const deleteUnit = (api: BoundRestClient, id: string) =>
  api.delete<unknown>(path`/companies/units/${id}`);
