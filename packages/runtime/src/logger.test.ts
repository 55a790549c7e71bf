// Both formats: the readable one of `npm start` (LOG_FORMAT=pretty), one short line a request and
// errors in full, and production's JSON lines with the app's own fields and redactions.
import { PassThrough } from 'node:stream';
import { loggerFor, type AppLogOptions, type LogFormat } from './logger.js';

function capture(level: string, format: LogFormat, app: AppLogOptions = {}) {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { logger: loggerFor(app)(level, format, out), text: () => text };
}

const prettyLogger = () => capture('info', 'pretty');

describe('pretty logs', () => {
  it('writes a request as one line: method, path without its query, status, time, short id', () => {
    const { logger, text } = prettyLogger();
    const req = {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      method: 'GET',
      url: '/report/enps?reportLanguage=fi-FI&sets=%5B%7B%7D%5D',
    };
    logger.info({ req, res: { statusCode: 200 }, responseTime: 46 }, 'request completed');
    expect(text()).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/report\/enps 200 46ms 1a2b3c4d\n$/);
  });

  it('names a GraphQL request by its operation', () => {
    const { logger, text } = prettyLogger();
    const req = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', method: 'POST', url: '/graphql' };
    logger.info(
      { req, res: { statusCode: 200 }, responseTime: 35, operation: 'SurveyReport' },
      'request completed',
    );
    expect(text()).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: POST SurveyReport 200 35ms 1a2b3c4d\n$/);
  });

  it('writes a failed request with its error in full', () => {
    const { logger, text } = prettyLogger();
    const req = { id: 'trace-7', method: 'GET', url: '/companies' };
    logger.error(
      { req, res: { statusCode: 500 }, responseTime: 3, err: new Error('pool exhausted') },
      'request errored',
    );
    expect(text()).toMatch(/ERROR: GET \/companies 500 3ms trace-7 request errored/);
    expect(text()).toContain('Error: pool exhausted');
  });

  it('writes an error logged during a request with the request and the stack', () => {
    const { logger, text } = prettyLogger();
    const req = { id: 'trace-7', method: 'POST', url: '/graphql' };
    logger.error({ req, err: new Error('upstream down') }, 'unhandled error');
    expect(text()).toMatch(/ERROR: unhandled error \(POST \/graphql trace-7\)/);
    expect(text()).toContain('Error: upstream down');
  });
});

describe('JSON logs', () => {
  it("puts the app's base fields on every line in place of pid and hostname", () => {
    const { logger, text } = capture('info', 'json', { base: { app: 'gateway' } });
    logger.info('started');
    const line = JSON.parse(text()) as Record<string, unknown>;
    expect(line).toMatchObject({ app: 'gateway', msg: 'started' });
    expect(line).not.toHaveProperty('pid');
  });

  it('keeps pid and hostname without base fields, and redacts the paths named', () => {
    const { logger, text } = capture('info', 'json', { redact: ['req.headers.cookie'] });
    logger.info({ req: { headers: { cookie: 'session=secret' } } }, 'request completed');
    const line = JSON.parse(text()) as { pid?: number; req: { headers: { cookie: string } } };
    expect(line.pid).toBe(process.pid);
    expect(line.req.headers.cookie).toBe('[Redacted]');
  });

  it('leaves out lines below the level', () => {
    const { logger, text } = capture('warn', 'json');
    logger.info('not written');
    logger.warn('written');
    expect(text()).not.toContain('not written');
    expect(text()).toContain('"msg":"written"');
  });
});
