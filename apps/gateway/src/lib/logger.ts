// The gateway's logger (@survey/runtime/logger): every line says it is the gateway's.
import { loggerFor } from '@survey/runtime/logger';

export type { LogFormat, Logger } from '@survey/runtime/logger';

export const createLogger = loggerFor({ base: { app: 'gateway' } });
