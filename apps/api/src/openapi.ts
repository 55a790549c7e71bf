// Every feature's operations in one OpenAPI 3.1 document, served at /openapi.json.
import { accountOperations } from './features/account/openapi.js';
import { aiOperations } from './features/ai/openapi.js';
import { commentsOperations } from './features/comments/openapi.js';
import { companiesOperations } from './features/companies/openapi.js';
import { configurationOperations } from './features/configuration/openapi.js';
import { healthOperations } from './features/health/openapi.js';
import { logsOperations } from './features/logs/openapi.js';
import { participantsOperations } from './features/participants/openapi.js';
import { questionnaireOperations } from './features/questionnaire/openapi.js';
import { reportsOperations } from './features/reports/openapi.js';
import { supervisorsOperations } from './features/supervisors/openapi.js';
import { surveysOperations } from './features/surveys/openapi.js';
import { usersOperations } from './features/users/openapi.js';
import { buildOpenApi, type Operation } from './lib/openapi.js';

const selfOperation: Operation = {
  method: 'get',
  path: '/openapi.json',
  summary: 'This description',
  access: 'public',
  success: { status: 200, description: 'The OpenAPI 3.1 document' },
};

export const OPERATIONS: readonly Operation[] = [
  selfOperation,
  ...healthOperations,
  ...configurationOperations,
  ...accountOperations,
  ...companiesOperations,
  ...supervisorsOperations,
  ...surveysOperations,
  ...usersOperations,
  ...logsOperations,
  ...participantsOperations,
  ...commentsOperations,
  ...reportsOperations,
  ...aiOperations,
  ...questionnaireOperations,
];

/** Built once: the document only changes with the code. */
export const openApiDocument = buildOpenApi(OPERATIONS, '0.1.0');
