// What other features may use of the users feature.
export { usersRoutes } from './routes.js';
export { assignableRoles } from './service.js';
export { usersImportRoutes } from './import.js';
