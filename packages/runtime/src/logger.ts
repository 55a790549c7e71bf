// The apps' logger: JSON lines in production (LOG_FORMAT=json), pino-pretty's short readable lines
// in `npm start` (LOG_FORMAT=pretty): one line a request, warnings and errors in full.
import { pino, type Logger } from 'pino';
import pretty, { type MessageFormatFunc } from 'pino-pretty';

export type { Logger };
export type LogFormat = 'json' | 'pretty';

/** What an app's lines have of their own. */
export interface AppLogOptions {
  /** Fields on every line in place of pino's pid and hostname (the gateway's `{ app }`). */
  base?: Record<string, unknown>;
  /** Paths of values written as `[Redacted]` (credentials in request headers). */
  redact?: string[];
}

/** `destination`: where lines go (default stdout; tests read them). */
export type CreateLogger = (
  level: string,
  format?: LogFormat,
  destination?: NodeJS.WritableStream,
) => Logger;

interface LoggedRequest {
  id?: unknown;
  method?: unknown;
  url?: unknown;
}

/**
 * `POST /account/login 200 12ms 1a2b3c4d`, `POST SurveyReport 200 35ms 1a2b3c4d`: the request a
 * line is about (a GraphQL one by its operation name), its id shortened.
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

/** The app's `createLogger`, with its own fields and redactions on every logger it makes. */
export const loggerFor =
  ({ base, redact }: AppLogOptions = {}): CreateLogger =>
  (level, format = 'json', destination) => {
    const options = { level, ...(base ? { base } : {}), ...(redact ? { redact } : {}) };
    if (format === 'json') return destination ? pino(options, destination) : pino(options);
    const stream = pretty({
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,app,req,res,responseTime,operation',
      messageFormat: requestLine,
      singleLine: true,
      sync: true,
      ...(destination ? { destination } : {}),
    });
    return pino(options, stream);
  };
