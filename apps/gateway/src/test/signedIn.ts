// A file's integration setup: the real apps/api and a gateway in front of it, started before the file's
// tests and closed after them, and requests signed in as a demo user (one token per user and file).
import { createServer } from 'node:net';
import type { ConfigOverrides } from '@survey/api';
import type { RunningGateway } from '../index.js';
import { DEMO_PASSWORD, startApi, type TestApi } from './api.js';
import { gql, startTestGateway, type GraphQLBody } from './gateway.js';

const LOGIN = `mutation($e: String!, $p: String!) {
  login(email: $e, password: $p, delivery: TOKEN) { session { token } }
}`;

// The tests read deep into answers whose shape each query fixes; typing every one adds nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBody = GraphQLBody & { data: Record<string, any> };

export interface ApiAndGateway {
  readonly api: TestApi;
  readonly gateway: RunningGateway;
  /** A bearer token of the user (signed in once, then kept). */
  tokenOf(email: string, password?: string): Promise<string>;
  /** The operation's answer as the user, or anonymous for `null`. */
  as(email: string | null, query: string, variables?: Record<string, unknown>): Promise<AnyBody>;
}

/** A loopback port free now (the OS's next ephemeral one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Call at the top of a test file; `api` and `gateway` are there once `beforeAll` has run.
 * `overrides`: the API's configuration (e.g. a PostgreSQL schema, an AI provider), read in beforeAll.
 */
export function setupApiAndGateway(
  overrides: () => ConfigOverrides | Promise<ConfigOverrides> = () => ({}),
): ApiAndGateway {
  let api: TestApi | undefined;
  let gateway: RunningGateway | undefined;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    // The API's send job asks the gateway for the supervisors' PDFs: it gets the gateway's address
    // before either starts.
    const port = await freePort();
    api = await startApi({ GATEWAY_URL: `http://127.0.0.1:${port}`, ...(await overrides()) });
    // The 5 s default wait for the API's headers is the production setting (rest-client tests hold
    // it); on a CI machine at load 20-30 a cold report read (a trend deck, a gate being built) can
    // take longer, and these tests are about answers, not about that wait.
    gateway = await startTestGateway({
      API_URL: api.url,
      PORT: port,
      UPSTREAM_HEADERS_TIMEOUT_MS: 60_000,
    });
    // Seeding the demo into a fresh embedded database took over a minute at load 20-30.
  }, 180_000);
  afterAll(async () => {
    await gateway?.close();
    await api?.close();
  });

  const started = () => {
    if (!api || !gateway) throw new Error('the API and gateway start in beforeAll');
    return { api, gateway };
  };

  const tokenOf = async (email: string, password = DEMO_PASSWORD): Promise<string> => {
    const known = tokens.get(email);
    if (known) return known;
    const res = await gql(started().gateway.url, LOGIN, { e: email, p: password });
    const token = (res.body as { data: { login: { session: { token: string } } } }).data.login
      .session.token;
    tokens.set(email, token);
    return token;
  };

  const as = async (
    email: string | null,
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<AnyBody> => {
    const headers: Record<string, string> = email
      ? { authorization: `Bearer ${await tokenOf(email)}` }
      : {};
    return (await gql(started().gateway.url, query, variables, headers)).body as AnyBody;
  };

  return {
    get api() {
      return started().api;
    },
    get gateway() {
      return started().gateway;
    },
    tokenOf,
    as,
  };
}
