// What other parts of the API may use of the AI feature.
export { aiRoutes } from './routes.js';
export { createAi, startAiFeature, type AiFeature } from './setup.js';
export { BUILD_QUEUE } from './search/jobs.js';
