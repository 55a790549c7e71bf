// The account calls of the REST API (docs/rest-api.md, Account): their paths, bodies and answers.
// Sign-in, reset and confirmation are public routes: they send no session token.
import type { BoundRestClient } from '../../lib/rest-client.js';
import type { RoleDto } from '../../lib/roles.js';

export type { RoleDto };

export interface AccountCompanyDto {
  id: string;
  name: string;
}

export interface AccountDto {
  id: string;
  email: string;
  displayName: string;
  role: RoleDto;
  language: string;
  twoFactorEnabled: boolean;
  localizedReports: boolean;
  companies: AccountCompanyDto[];
  unitIds: string[];
  /** The roles the account may give to users, as the API enforces them. */
  assignableRoles: RoleDto[];
  /** Whether the account reads reports of surveys before they end. */
  seesUnendedSurveys: boolean;
}

/** `POST /account/refresh`, and the token part of a signed-in answer. */
export interface SessionTokenDto {
  token: string;
  /** ISO 8601 instant. */
  expiresAt: string;
}

/** `POST /account/login`, `/account/2fa-login` and `/account/confirm` when signed in. */
export interface SignedInDto extends SessionTokenDto {
  require2FA: false;
  role: RoleDto;
  user: AccountDto;
}

/** `POST /account/login` for an account with two-factor sign-in on. */
export interface TwoFactorRequiredDto {
  require2FA: true;
  twoFactorToken: string;
  role: RoleDto;
}

export type LoginDto = SignedInDto | TwoFactorRequiredDto;

const publicRoute = { token: null };

/** The account a bearer token belongs to (`POST /account/authorize`, a read, so retried like one). */
export const authorize = (api: BoundRestClient, token: string) =>
  api.post<AccountDto>('/account/authorize', undefined, { token, idempotent: true });

export const login = (api: BoundRestClient, email: string, password: string) =>
  api.post<LoginDto>('/account/login', { email, password }, publicRoute);

/** Finishes a two-factor sign-in; `token` is the two-factor session's, not a session token. */
export const twoFactorLogin = (api: BoundRestClient, code: string, token: string) =>
  api.post<SignedInDto>('/account/2fa-login', { code }, { token });

/** A new token for the session's account. */
export const refresh = (api: BoundRestClient) => api.post<SessionTokenDto>('/account/refresh');

export const requestReset = (api: BoundRestClient, email: string, language?: string | null) =>
  api.post('/account/reset', { email, ...(language ? { language } : {}) }, publicRoute);

export const confirmReset = (
  api: BoundRestClient,
  body: { userId: string; code: string; password: string },
) => api.post('/account/reset/confirm', body, publicRoute);

/** Checks a confirmation link without using it up. */
export const confirmEmail = (api: BoundRestClient, body: { userId: string; code: string }) =>
  api.post('/account/confirmemail', body, publicRoute);

/** Confirms an account with its first password and signs it in (the REST field `email` takes the user id). */
export const confirmAccount = (
  api: BoundRestClient,
  { userId, code, password }: { userId: string; code: string; password: string },
) => api.post<SignedInDto>('/account/confirm', { email: userId, code, password }, publicRoute);
