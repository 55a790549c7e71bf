// The readable format of `npm start` (LOG_FORMAT=pretty): one short line a request, errors in full.
import { PassThrough } from 'node:stream';
import { createLogger } from './logger.js';

function prettyLogger() {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { logger: createLogger('info', 'pretty', out), text: () => text };
}

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

  it('writes a failed request with its error in full', () => {
    const { logger, text } = prettyLogger();
    const req = { id: 'trace-7', method: 'GET', url: '/companies' };
    logger.error(
      { req, res: { statusCode: 500 }, responseTime: 3, err: new Error('pool exhausted') },
      'request errored',
    );
    expect(text()).toMatch(/ERROR: GET \/companies 500 3ms trace-7 request errored/);
    expect(text()).toContain('Error: pool exhausted');
    expect(text()).toMatch(/\n\s+at /);
  });
});
