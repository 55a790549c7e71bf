// What other parts of the API may use of the logs feature.
export { logsRoutes } from './routes.js';
export { deliveryLogWriter } from './writer.js';
