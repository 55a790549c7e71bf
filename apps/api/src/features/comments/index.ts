// What other features may use of the comments feature.
export { commentsRoutes } from './routes.js';
