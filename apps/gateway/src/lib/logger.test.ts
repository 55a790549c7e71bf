// The gateway's logs: every JSON line says it is the gateway's, so that they stand apart from the
// API's in a shared log store.
import { PassThrough } from 'node:stream';
import { createLogger } from './logger.js';

describe('gateway logs', () => {
  it('carry app: gateway on every JSON line', () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const logger = createLogger('info', 'json', out);
    logger.info('started');
    logger.warn({ operation: 'SurveyReport' }, 'slow operation');
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ app: 'gateway', msg: 'started' }),
      expect.objectContaining({ app: 'gateway', msg: 'slow operation' }),
    ]);
  });
});
