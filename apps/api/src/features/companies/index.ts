// What other features may use of the companies feature.
export { companiesRoutes } from './routes.js';
export type { CompanyDto, CompanyPageDto, CompanyWithSurveysDto, UnitDto } from './queries.js';
// Reads for a feature that has checked access itself (the reports read a survey's company).
export { findCompany, findLevelUnits, findNamedUnits, visibleCompanyIds } from './queries.js';
export type { UnitLevelDto } from './service.js';
export {
  completeSettings,
  DEFAULT_SETTINGS,
  SETTING_FLAGS,
  type CompanySettings,
} from './schemas.js';
