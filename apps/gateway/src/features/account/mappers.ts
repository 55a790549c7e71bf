// The REST shapes (docs/rest-api.md, Account section) that the account GraphQL types resolve from.
// Codegen maps `Account` and `AccountCompany` to these, so a changed REST field breaks the build.

export type RoleDto = 'Admin' | 'PartnerAdmin' | 'SuperUser' | 'User';

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
