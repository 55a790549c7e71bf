// What other parts may use of the questionnaire feature.
export { questionnaireRoutes } from './routes.js';
export { applyPendingAnswers } from './pending.js';
