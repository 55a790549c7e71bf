// The REST shapes (docs/rest-api.md, Companies section; defined in rest.ts) the company GraphQL
// types resolve from. Codegen maps `Company`, `CompanyPage`, `Unit` and friends to these, so a changed
// REST field breaks the build.
export type {
  CompanyDto,
  CompanyPageDto,
  CompanySettingsDto,
  CompanySurveyDto,
  UnitDto,
  UnitLevelDto,
} from './rest.js';
