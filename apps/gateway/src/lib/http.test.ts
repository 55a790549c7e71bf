// Request logging: pino-http's lines (request id, method, url, status, response time, GraphQL
// operation; no headers), with the request's logger made only when a line is written.
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { requestLogging } from './http.js';

interface Line {
  level: number;
  msg: string;
  req?: { id: string; method: string; url: string; headers?: Record<string, string> };
  res?: { statusCode: number; headers?: Record<string, string> };
  operation?: string;
  responseTime?: number;
  err?: { message: string };
  note?: string;
}

function app(level: string) {
  const lines: Line[] = [];
  const logger = pino(
    { level },
    { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
  );
  const server = express();
  server.use(requestLogging(logger));
  server.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  server.get('/note', (req, res) => {
    req.log.info({ note: 'from the route' }, 'noted');
    res.json({ ok: true });
  });
  server.get('/fail', (_req, res) => void res.status(502).json({ error: 'upstream' }));
  server.get('/quiet', (_req, res) => void res.json({ ok: true }));
  server.post('/graphql', express.json(), (_req, res) => void res.json({ data: {} }));
  // As GraphQL's own route hands a request on to express, which logs it again.
  const again = requestLogging(logger);
  server.get('/again', again, (_req, res) => void res.json({ ok: true }));
  return { server, lines };
}

describe('requestLogging', () => {
  it('logs each request with its id, method, url, status and response time, no headers', async () => {
    const { server, lines } = app('info');
    const res = await request(server)
      .get('/note?x=1')
      .set('x-request-id', 'trace-7')
      .set('authorization', 'Bearer secret-token')
      .set('cookie', 'survey_session=1.secret');
    expect(res.headers['x-request-id']).toBe('trace-7');
    expect(lines.map((line) => line.msg)).toEqual(['noted', 'request completed']);
    for (const line of lines) {
      expect(line.req).toEqual({ id: 'trace-7', method: 'GET', url: '/note?x=1' });
    }
    expect(lines[0]?.note).toBe('from the route');
    expect(lines[1]?.res).toEqual({ statusCode: 200 });
    expect(typeof lines[1]?.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('names the GraphQL operation of a request, and only a valid name', async () => {
    const { server, lines } = app('info');
    await request(server).post('/graphql').send({ query: '{ me }', operationName: 'MeQuery' });
    await request(server)
      .post('/graphql')
      .send({ query: '{ me }', operationName: 'Me\u001b[31m forged' });
    expect(lines.map((line) => line.operation)).toEqual(['MeQuery', undefined]);
  });

  it('gives a request without a usable id a new one, and logs a 5xx as errored', async () => {
    const { server, lines } = app('info');
    const res = await request(server).get('/fail').set('x-request-id', 'not a plain id');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request errored',
      req: { id: res.headers['x-request-id'] },
      res: { statusCode: 502 },
      err: { message: 'failed with status code 502' },
    });
  });

  it('logs a request that passes it twice once, with its first id', async () => {
    const { server, lines } = app('info');
    const res = await request(server).get('/again');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.req?.id).toBe(res.headers['x-request-id']);
  });

  it('does not log the probes, and writes nothing below its level', async () => {
    const info = app('info');
    await request(info.server).get('/healthz');
    expect(info.lines).toHaveLength(0);
    const warn = app('warn');
    await request(warn.server).get('/quiet');
    await request(warn.server).get('/note');
    expect(warn.lines).toHaveLength(0);
  });
});
