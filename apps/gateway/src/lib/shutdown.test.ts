// Graceful shutdown under a steady load: the real gateway over the real API, on its own server with
// the shutdown the SIGTERM handler runs (index.ts). A request the gateway accepted is answered in
// full, never cut halfway.
import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { createGateway } from '../app.js';
import { loadConfig } from '../env.js';
import { startApi, type TestApi } from '../test/api.js';
import { gracefulClose, running } from '@survey/runtime/shutdown';

type Sent = { status: number; headers: IncomingHttpHeaders; body: string };

/** One GraphQL POST; with `rest`, its body is sent in two halves, the second once `rest` resolves. */
function post(agent: Agent, port: number, id: string, query: string, rest?: Promise<unknown>) {
  const text = JSON.stringify({ query });
  return new Promise<Sent>((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'x-request-id': id };
    const options = { agent, host: '127.0.0.1', port, path: '/graphql', method: 'POST', headers };
    const req = request(options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (!rest) return req.end(text);
    const half = Math.floor(text.length / 2);
    req.write(text.slice(0, half));
    void rest.then(() => req.end(text.slice(half)));
  });
}

const QUERY = '{ configuration { languageCode } }';
const ANSWER = JSON.stringify({ data: { configuration: { languageCode: 'en-US' } } });

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

it('answers every accepted request in full with Connection: close, fails readiness, then closes', async () => {
  const lifecycle = running();
  const config = loadConfig({ API_URL: api.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' }, {});
  const gateway = await createGateway(config, lifecycle);
  const server = createServer(gateway.listener);
  const close = gracefulClose(server, lifecycle, 20_000);
  const accepted = new Set<string>();
  server.on('request', (req) => accepted.add(String(req.headers['x-request-id'])));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const answers = new Map<string, Partial<Sent> & { error?: string }>();
  let closed = false;
  let next = 0;
  // Eight clients, each sending its next read as soon as the last one is answered, until refused.
  const client = async () => {
    while (!closed) {
      const id = `load-${next++}`;
      try {
        answers.set(id, await post(agent, port, id, QUERY));
      } catch (error) {
        answers.set(id, { error: String(error) });
        return;
      }
    }
  };
  const clients = Array.from({ length: 8 }, client);
  // A slow request: accepted (its headers are in) and its body still arriving when the shutdown begins.
  let shutdownBegun = () => {};
  const rest = new Promise((resolve) => (shutdownBegun = () => resolve(undefined)));
  const held = post(new Agent({ keepAlive: true }), port, 'held', QUERY, rest);
  await new Promise((resolve) => setTimeout(resolve, 500));

  const shutdown = close();
  shutdownBegun();
  const readiness = await supertest(gateway.listener).get('/readyz');
  await shutdown;
  closed = true;
  await Promise.all(clients);
  agent.destroy();
  await gateway.close();

  expect(readiness.status).toBe(503);
  const load = [...accepted].filter((id) => id !== 'held');
  expect(load.length).toBeGreaterThan(0);
  expect(load.filter((id) => answers.get(id)?.body?.trim() !== ANSWER)).toEqual([]);
  const slow = await held;
  expect(slow).toMatchObject({ status: 200, headers: { connection: 'close' } });
  expect(slow.body.trim()).toBe(ANSWER);
  // The rest never reached the gateway: refused by the closed listener, or sent on an idle
  // connection as it was closed (unread; a client repeats a read then).
  for (const [id, answer] of answers)
    if (!accepted.has(id))
      expect(answer.error).toMatch(/ECONNREFUSED|ECONNRESET|EPIPE|socket hang up/);
  expect(server.listening).toBe(false);
});
