// What other features may use of the participants feature.
export { participantsRoutes } from './routes.js';
export { exportRoutes } from './export-routes.js';
export { type InvitationResult, type Participant } from './service.js';
export { participationReportEmail } from './emails.js';
export { participantsImportRoutes } from './import.js';
export { releaseFailedClaim, type MailRun } from './mail-runs.js';
