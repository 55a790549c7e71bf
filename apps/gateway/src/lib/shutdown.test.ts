// Graceful shutdown under a steady load: the real gateway over the real API, on its own server with
// the shutdown the SIGTERM handler runs (index.ts). A request the gateway accepted is answered in
// full, never cut halfway.
import { running } from '@survey/runtime/shutdown';
import { shutdownUnderLoad, type TestRequest } from '@survey/runtime/testing';
import supertest from 'supertest';
import { createGateway } from '../app.js';
import { loadConfig } from '../env.js';
import { startApi, type TestApi } from '../test/api.js';

const QUERY = '{ configuration { languageCode } }';
const ANSWER = JSON.stringify({ data: { configuration: { languageCode: 'en-US' } } });

const graphql = (headers: Record<string, string> = {}): TestRequest => ({
  path: '/graphql',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ query: QUERY }),
});

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

it('answers every accepted request in full with Connection: close, fails readiness, then closes', async () => {
  const lifecycle = running();
  const config = loadConfig({ API_URL: api.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' }, {});
  const gateway = await createGateway(config, lifecycle);
  const result = await shutdownUnderLoad({
    listener: gateway.listener,
    lifecycle,
    read: (id) => graphql({ 'x-request-id': id }),
    // A slow request: accepted (its headers are in) and its body still arriving at the shutdown.
    held: graphql(),
    readiness: async () => (await supertest(gateway.listener).get('/readyz')).status,
  });
  await gateway.close();

  expect(result.readiness).toBe(503);
  expect(result.served.length).toBeGreaterThan(0);
  expect(
    result.served.filter((answer) => !('body' in answer) || answer.body.trim() !== ANSWER),
  ).toEqual([]);
  expect(result.held).toMatchObject({ status: 200, headers: { connection: 'close' } });
  expect(result.held.body.trim()).toBe(ANSWER);
  // The rest never reached the gateway: refused by the closed listener, or sent on an idle
  // connection as it was closed (unread; a client repeats a read then).
  for (const answer of result.refused)
    expect(answer).toMatchObject({
      error: expect.stringMatching(/ECONNREFUSED|ECONNRESET|EPIPE|socket hang up/),
    });
  expect(result.listening).toBe(false);
});
