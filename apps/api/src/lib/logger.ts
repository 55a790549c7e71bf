// The API's logger (@survey/runtime/logger): credentials in request headers never reach a line.
import { loggerFor } from '@survey/runtime/logger';

export type { LogFormat, Logger } from '@survey/runtime/logger';

export const createLogger = loggerFor({
  redact: ['req.headers.authorization', 'req.headers.cookie'],
});
