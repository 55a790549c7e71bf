// The users calls of the REST API (docs/rest-api.md, Users): their paths, query strings, bodies and
// answers.
import type { CreateUserInput, UpdateUserInput } from '../../__generated__/resolvers.js';
import type { BoundRestClient } from '../../lib/rest-client.js';
import { pagePath, path, withQuery, type ListQuery } from '../../lib/rest-params.js';
import type { RoleDto } from '../../lib/roles.js';

export type { RoleDto };

export interface UserCompanyDto {
  id: string;
  name: string;
}

export interface UserUnitDto {
  id: string;
  index: number;
  name: string;
}

export interface UserDto {
  id: string;
  email: string;
  displayName: string;
  role: RoleDto;
  language: string;
  twoFactorEnabled: boolean;
  emailConfirmed: boolean;
  companyId: string | null;
  company: UserCompanyDto | null;
  companies: UserCompanyDto[];
  units: UserUnitDto[];
}

/** `GET /user/{skip}/{take}`. */
export interface UserPageDto {
  records: UserDto[];
  totalRecords: number;
}

/** `POST /user/ResendConfirmationEmail`. */
export type ResendDto = { delivered: true } | { delivered: false; reason: string };

/** `GET /user/{skip}/{take}?query=&order=&direction=` (10 rows unless `take` says otherwise). */
export const userPage = (api: BoundRestClient, { query, order, direction, ...page }: ListQuery) =>
  api.get<UserPageDto>(pagePath('/user', page, 10, { query, order, direction }));

export const user = (api: BoundRestClient, id: string) => api.get<UserDto>(path`/user/${id}`);

/** `POST /user` and `PUT /user`: the GraphQL input with the role as REST spells it. */
type WithRestRole<T extends { role?: unknown }> = Omit<T, 'role'> & { role?: RoleDto | null };

export const createUser = (api: BoundRestClient, input: WithRestRole<CreateUserInput>) =>
  api.post<UserDto>('/user', input);

export const updateUser = (api: BoundRestClient, input: WithRestRole<UpdateUserInput>) =>
  api.put<UserDto>('/user', input);

export const deleteUser = (api: BoundRestClient, email: string) =>
  api.delete(withQuery('/user', { email }));

export const setUnits = (api: BoundRestClient, email: string, unitIds: string[]) =>
  api.post<UserDto>('/user/units', { email, unitIds });

export const setCompanies = (api: BoundRestClient, email: string, companyIds: string[]) =>
  api.post<UserDto>('/user/companies', { email, companyIds });

export const resendConfirmation = (api: BoundRestClient, email: string) =>
  api.post<ResendDto>('/user/ResendConfirmationEmail', { email });
