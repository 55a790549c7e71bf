// The REST shapes (docs/rest-api.md, Users; defined in rest.ts) that the users GraphQL types resolve
// from. Codegen maps `User`, `UserCompany`, `UserUnit` and `UserPage` to these.
export type { UserDto, UserPageDto } from './rest.js';
