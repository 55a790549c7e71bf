// The REST shapes (docs/rest-api.md, Surveys section; defined in rest.ts) that the survey GraphQL
// types resolve from. Codegen maps `Survey`, `SurveyPage`, `SurveyCompanyData` and `ResponseActivity`
// to these, so a changed REST field breaks the build. A survey's company comes from the companies
// feature's `companyById` loader.
export type {
  ResponseActivityDto,
  SurveyCompanyDataDto,
  SurveyDto,
  SurveyPageDto,
} from './rest.js';
