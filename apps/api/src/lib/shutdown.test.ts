// Graceful shutdown under a steady load: the real app on its own server with the shutdown the
// SIGTERM handler runs (runtime.ts). A request the server accepted is answered in full, never cut
// halfway.
import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { createApp } from '../app.js';
import { describeEachDb } from '../test/harness.js';
import { createTokens } from './auth.js';
import { createLogger } from './logger.js';
import { gracefulClose, running } from '@survey/runtime/shutdown';

interface Answer {
  status?: number;
  error?: string;
}

type Sent = { status: number; headers: IncomingHttpHeaders; body: string };

/** One request; `body`, when given, is sent in two halves, the second once `rest` resolves. */
function send(
  agent: Agent,
  port: number,
  path: string,
  headers: Record<string, string>,
  body?: { text: string; rest: Promise<unknown> },
) {
  return new Promise<Sent>((resolve, reject) => {
    const method = body ? 'POST' : 'GET';
    const req = request({ agent, host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (!body) return req.end();
    const half = Math.floor(body.text.length / 2);
    req.write(body.text.slice(0, half));
    void body.rest.then(() => req.end(body.text.slice(half)));
  });
}

describeEachDb('graceful shutdown', (ctx) => {
  it('answers every accepted request in full with Connection: close, fails readiness, then closes', async () => {
    const lifecycle = running();
    const { db, mailer, outbox, config } = ctx();
    const app = createApp({
      db,
      mailer,
      outbox,
      config,
      logger: createLogger('silent'),
      lifecycle,
    });
    const server = createServer(app);
    const close = gracefulClose(server, lifecycle, 20_000);
    const accepted = new Set<string>();
    server.on('request', (req) => accepted.add(String(req.headers['x-request-id'])));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const admin = await ctx().createUser({ role: 'Admin' });
    const tokens = createTokens(db, { secret: config.JWT_SECRET ?? '', ttlSeconds: 300 });
    const { token } = await tokens.issue({ id: admin.id, role: 'Admin', tokenVersion: 1 });
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const answers = new Map<string, Answer>();
    let closing = false;
    let closed = false;
    let next = 0;
    // Eight clients, each sending its next read as soon as the last one is answered, until refused.
    const client = async () => {
      while (!closed) {
        const id = `load-${next++}`;
        try {
          const res = await send(agent, port, '/companies', {
            authorization: `Bearer ${token}`,
            'x-request-id': id,
          });
          answers.set(id, res);
        } catch (error) {
          answers.set(id, { error: String(error) });
          if (closing) return;
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);
    // A slow upload: accepted (its headers are in) and still arriving when the shutdown begins.
    let shutdownBegun = () => {};
    const held = send(
      new Agent({ keepAlive: true }),
      port,
      '/companies/create',
      {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-request-id': 'held',
      },
      {
        text: JSON.stringify({ name: '' }),
        rest: new Promise((resolve) => (shutdownBegun = () => resolve(undefined))),
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));

    closing = true;
    const shutdown = close();
    shutdownBegun();
    const readiness = await supertest(app).get('/readyz');
    await shutdown;
    closed = true;
    await Promise.all(clients);
    agent.destroy();

    expect(readiness.status).toBe(503);
    const served = [...accepted]
      .filter((id) => id !== 'held')
      .map((id) => ({ id, answer: answers.get(id) }));
    expect(served.filter(({ answer }) => answer?.status !== 200)).toEqual([]);
    // The upload under way was answered in full (a validation error) and told to close its connection.
    const slow = await held;
    expect(slow).toMatchObject({ status: 400, headers: { connection: 'close' } });
    expect(JSON.parse(slow.body)).toMatchObject({ detail: 'validation-failed' });
    // The rest never reached the app: refused by the closed listener, or sent on an idle connection
    // as it was closed (unread; a client repeats a read then, as the gateway's does).
    const unaccepted = [...answers.entries()].filter(([id]) => !accepted.has(id));
    for (const [, answer] of unaccepted)
      expect(answer.error).toMatch(/ECONNREFUSED|ECONNRESET|EPIPE|socket hang up/);
    expect(server.listening).toBe(false);
  });
});
