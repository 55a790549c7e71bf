// What other features may use of the surveys feature.
export { surveysRoutes } from './routes.js';
export { surveysService, type Survey, type SurveyHead, type SurveysService } from './service.js';
