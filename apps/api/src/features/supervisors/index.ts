// What other parts of the API use of the supervisors feature.
export { supervisorsRoutes } from './routes.js';
export { supervisorsService, type SupervisorsService } from './service.js';
export { SEND_QUEUE, startSendRuns, type SendRuns } from './send.js';
export { gatewayPdfBuilder, type PackagePdfBuilder } from './pdf-builder.js';
