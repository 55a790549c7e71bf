// The REST shapes (docs/rest-api.md, Account section; defined in rest.ts) that the account GraphQL
// types resolve from. Codegen maps `Account` and `AccountCompany` to these, so a changed REST field
// breaks the build.
export type { AccountCompanyDto, AccountDto, SessionTokenDto } from './rest.js';
