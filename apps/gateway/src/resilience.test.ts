// What clients see when the API goes away, hangs, and comes back: the real apps/api, stopped and
// restarted on the same port, with a silent listener standing in for a hung API in between.
import type { RunningGateway } from './index.js';
import { startApi, type TestApi } from './test/api.js';
import { gql, startTestGateway, type GraphQLBody } from './test/gateway.js';
import { startBlackHole } from './test/upstream.js';

const HEADERS_TIMEOUT_MS = 1000;
const QUERY = '{ configuration { languageCode } }';

let api: TestApi | undefined;
let gateway: RunningGateway;
let port: number;

async function timed(query = QUERY, headers: Record<string, string> = {}) {
  const started = Date.now();
  const res = await gql(gateway.url, query, {}, headers);
  return { body: res.body as GraphQLBody, text: res.text, ms: Date.now() - started };
}

beforeAll(async () => {
  api = await startApi();
  port = api.port;
  gateway = await startTestGateway({
    API_URL: api.url,
    UPSTREAM_HEADERS_TIMEOUT_MS: HEADERS_TIMEOUT_MS,
  });
});
afterAll(async () => {
  await gateway?.close();
  await api?.close();
});

it('answers UPSTREAM_NO_RESPONSE quickly when the API is stopped and within the timeout when it hangs, and recovers when it is back', async () => {
  expect((await timed()).body).toEqual({ data: { configuration: { languageCode: 'en-US' } } });

  await api?.close();
  api = undefined;
  const stopped = await timed();
  expect(stopped.body.errors?.[0]).toMatchObject({
    message: 'request was made, no response',
    extensions: { code: 'UPSTREAM_NO_RESPONSE' },
  });
  expect(stopped.ms).toBeLessThan(1000);
  expect(stopped.text).not.toContain(String(port));

  const hole = await startBlackHole(port);
  try {
    for (const [query, headers] of [
      [QUERY, {}],
      ['{ me { id } }', { authorization: 'Bearer x' }],
    ] as const) {
      const hung = await timed(query, headers);
      expect(hung.body.errors?.[0]).toMatchObject({
        message: 'request was made, no response',
        extensions: { code: 'UPSTREAM_NO_RESPONSE' },
      });
      expect(hung.ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
      expect(hung.ms).toBeLessThan(HEADERS_TIMEOUT_MS + 500);
    }
  } finally {
    await hole.close();
  }

  api = await startApi({ PORT: port });
  expect((await timed()).body).toEqual({ data: { configuration: { languageCode: 'en-US' } } });
});
