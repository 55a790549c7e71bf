import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import supertest from 'supertest';
import { createApp } from './app.js';
import { parseConfig } from './env.js';
import { openPostgres } from './lib/db.js';
import { errorHandler, notFound } from './lib/errors.js';
import { createLogger } from './lib/logger.js';
import { createMailer } from './lib/mail.js';
import { describeEachDb } from './test/harness.js';

const PROBLEM = /application\/problem\+json/;

describeEachDb('app: routes, errors and health', (ctx) => {
  it('answers an unknown route with a 404 problem', async () => {
    const res = await ctx().http().get('/nowhere');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.body).toEqual({
      type: 'https://survey-console.dev/problems/not-found',
      title: 'Not found',
      status: 404,
      detail: 'not-found',
    });
  });

  it('answers malformed JSON with validation-failed', async () => {
    const res = await ctx()
      .http()
      .post('/account/login')
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      detail: 'validation-failed',
      errors: [{ field: 'body', message: 'validation.invalid' }],
    });
  });

  it('treats a missing body as missing fields', async () => {
    const res = await ctx().http().post('/account/login');
    expect(res.body.errors).toHaveLength(2);
  });

  it('refuses bodies over 1 MB with 413 payload-too-large', async () => {
    const res = await ctx()
      .http()
      .post('/account/login')
      .send({ email: 'a'.repeat(1_100_000), password: 'x' });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('payload-too-large');
  });

  it('passes a caller request id through and makes one up otherwise', async () => {
    const given = await ctx().http().get('/healthz').set('x-request-id', 'gateway-123');
    expect(given.headers['x-request-id']).toBe('gateway-123');
    const made = await ctx().http().get('/healthz').set('x-request-id', 'bad id "quoted" {json}');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs a request as one line: id, method, url, status and time, no headers', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line)) },
    );
    const app = createApp({
      db: ctx().db,
      mailer: ctx().mailer,
      outbox: ctx().outbox,
      config: ctx().config,
      logger,
    });
    await supertest(app)
      .get('/nowhere?x=1')
      .set('x-request-id', 'gateway-7')
      .set('authorization', 'Bearer secret-token');
    await supertest(app).get('/healthz');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { id: 'gateway-7', method: 'GET', url: '/nowhere?x=1' },
      res: { statusCode: 404 },
      responseTime: expect.any(Number),
    });
    expect(Object.keys(lines[0]?.req as object)).toEqual(['id', 'method', 'url']);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('is healthy and ready while the database answers', async () => {
    expect((await ctx().http().get('/healthz')).body).toEqual({
      status: 'ok',
      node: process.version,
    });
    const ready = await ctx().http().get('/readyz');
    expect(ready.status).toBe(200);
  });
});

describe('app: readiness without a database', () => {
  it('answers 503 not-ready when the database does not answer', async () => {
    const db = openPostgres('postgres://nobody@127.0.0.1:1/none');
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory' });
    const logger = createLogger('silent');
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: config.MAIL_FROM,
      maxConnections: 1,
      log: { record: async () => undefined, delivered: async () => false },
      logger,
    });
    try {
      const res = await supertest(
        createApp({ db, mailer, outbox: { enqueue: async () => undefined }, config, logger }),
      ).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe('not-ready');
    } finally {
      await mailer.close();
      await db.close();
    }
  });
});

describe('app: unexpected errors', () => {
  it('says only internal-error and logs the details under the request id', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = express()
      .use(pinoHttp({ logger: pino(sink), genReqId: () => 'req-42' }))
      .get('/boom', () => {
        throw new Error('secret table users_passwords is on fire');
      })
      .use(notFound)
      .use(errorHandler);

    const res = await supertest(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      type: 'https://survey-console.dev/problems/internal-error',
      title: 'Internal server error',
      status: 500,
      detail: 'internal-error',
    });
    expect(JSON.stringify(res.body)).not.toContain('secret');
    const logged = lines.map((line) => JSON.parse(line) as object);
    expect(logged).toContainEqual(
      expect.objectContaining({
        req: expect.objectContaining({ id: 'req-42' }),
        err: expect.objectContaining({ message: 'secret table users_passwords is on fire' }),
      }),
    );
  });
});
