// What other features may use of the account feature.
export { accountRoutes } from './routes.js';
export { accountService, type Account, type AccountService } from './service.js';
