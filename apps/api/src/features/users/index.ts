// What other features may use of the users feature.
export { usersRoutes } from './routes.js';
export { usersImportRoutes } from './import.js';
// For a feature that limits what a user reads to their units (the reports' open comments).
export { findUserUnitIds } from './queries.js';
