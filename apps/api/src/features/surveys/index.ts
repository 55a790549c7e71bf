// What other features may use of the surveys feature.
export { surveysRoutes } from './routes.js';
export {
  surveysService,
  type ResponseActivity,
  type Survey,
  type SurveyHead,
  type SurveysService,
  type UnitActivity,
} from './service.js';
