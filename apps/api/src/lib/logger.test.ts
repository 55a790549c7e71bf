// The API's JSON logs: the credentials a request carries never reach a line.
import { PassThrough } from 'node:stream';
import { createLogger } from './logger.js';

function capture(format: 'json') {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { logger: createLogger('info', format, out), text: () => text };
}

const req = {
  id: 'trace-7',
  method: 'GET',
  url: '/companies',
  headers: { authorization: 'Bearer secret-token', cookie: 'session=secret-cookie' },
};

describe('API logs', () => {
  it('redact the authorization and cookie headers', () => {
    const { logger, text } = capture('json');
    logger.warn({ req }, 'slow request');
    expect(text()).toContain('slow request');
    expect(text()).not.toContain('secret-token');
    expect(text()).not.toContain('secret-cookie');
  });

  it('keeps the process id on JSON lines', () => {
    const { logger, text } = capture('json');
    logger.info('started');
    expect(JSON.parse(text())).toMatchObject({ pid: process.pid, msg: 'started' });
  });
});
