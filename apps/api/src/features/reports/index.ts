// What other features may use of the reports feature.
export { reportsRoutes } from './routes.js';
