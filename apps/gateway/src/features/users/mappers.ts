// The REST shapes (docs/rest-api.md, Users) that the users GraphQL types resolve from.
// Codegen maps `User`, `UserCompany`, `UserUnit` and `UserPage` to these.

export type RoleDto = 'Admin' | 'PartnerAdmin' | 'SuperUser' | 'User';

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
