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
  it('writes a request as one line: method, operation or path, status, time, short id', () => {
    const { logger, text } = prettyLogger();
    const req = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', method: 'POST', url: '/graphql' };
    logger.info(
      { req, res: { statusCode: 200 }, responseTime: 35, operation: 'SurveyReport' },
      'request completed',
    );
    logger.info(
      {
        req: { ...req, url: '/files/x?sets=%5B%7B%22surveyId%22%5D' },
        res: { statusCode: 404 },
        responseTime: 2,
      },
      'request completed',
    );
    const lines = text().trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: POST SurveyReport 200 35ms 1a2b3c4d$/);
    expect(lines[1]).toMatch(/INFO: POST \/files\/x 404 2ms 1a2b3c4d$/);
  });

  it('writes an error with its request and its stack', () => {
    const { logger, text } = prettyLogger();
    const req = { id: 'trace-7', method: 'POST', url: '/graphql' };
    logger.error({ req, err: new Error('upstream down') }, 'unhandled error');
    expect(text()).toMatch(/ERROR: unhandled error \(POST \/graphql trace-7\)/);
    expect(text()).toContain('Error: upstream down');
    expect(text()).toMatch(/\n\s+at /);
  });
});
