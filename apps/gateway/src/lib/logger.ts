// The gateway's logger: JSON lines in production (LOG_FORMAT=json), pino-pretty's short readable lines
// in `npm start` (LOG_FORMAT=pretty): one line a request, warnings and errors in full.
import { pino, type Logger } from 'pino';
import pretty, { type MessageFormatFunc } from 'pino-pretty';

export type { Logger };
export type LogFormat = 'json' | 'pretty';

interface LoggedRequest {
  id?: unknown;
  method?: unknown;
  url?: unknown;
}

/**
 * `POST SurveyReport 200 35ms 1a2b3c4d`: the request a line is about (a GraphQL one by its
 * operation name), its id shortened.
 */
const requestLine: MessageFormatFunc = (log, messageKey) => {
  const message = String(log[messageKey] ?? '');
  const req = log.req as LoggedRequest | undefined;
  if (!req) return message;
  // The path without its query, which can be long (report sets); the JSON line keeps it.
  const target = typeof log.operation === 'string' ? log.operation : String(req.url).split('?')[0];
  const id = String(req.id).slice(0, 8);
  const res = log.res as { statusCode?: unknown } | undefined;
  if (res && typeof log.responseTime === 'number') {
    const status = String(res.statusCode ?? '-'); // none yet when the client went away
    const line = `${String(req.method)} ${target} ${status} ${log.responseTime}ms ${id}`;
    return message === 'request completed' ? line : `${line} ${message}`;
  }
  return `${message} (${String(req.method)} ${target} ${id})`;
};

/** `destination`: where pretty lines go (default stdout; tests read them). */
export function createLogger(
  level: string,
  format: LogFormat = 'json',
  destination?: NodeJS.WritableStream,
): Logger {
  const options = { level, base: { app: 'gateway' } };
  if (format === 'json') return pino(options);
  const stream = pretty({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,app,req,res,responseTime,operation',
    messageFormat: requestLine,
    singleLine: true,
    sync: true,
    ...(destination ? { destination } : {}),
  });
  return pino(options, stream);
}
