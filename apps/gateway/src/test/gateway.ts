// Starts real gateways on ephemeral ports for tests, and speaks GraphQL to them.
import request from 'supertest';
import { startGateway, type RunningGateway } from '../index.js';
import type { ConfigOverrides } from '../env.js';
import { ENUM_VALUES_HEADER } from '../lib/enum-values.js';

export function startTestGateway(overrides: ConfigOverrides = {}): Promise<RunningGateway> {
  return startGateway({
    PORT: 0,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...overrides,
  });
}

export interface GraphQLBody {
  data?: Record<string, unknown> | null;
  errors?: {
    message: string;
    path?: string[];
    extensions?: { code?: string; reason?: string; fieldErrors?: unknown };
  }[];
}

/**
 * POSTs an operation as JSON (which passes CSRF prevention), with extra headers such as a bearer
 * token. It reads enum values ALL_CAPS as the console does; `earlierEnumValues` makes it a client
 * from before the rename (no `Survey-Enum-Values` header).
 */
export function gql(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  { earlierEnumValues = false } = {},
) {
  const enumValues: Record<string, string> = earlierEnumValues
    ? {}
    : { [ENUM_VALUES_HEADER]: 'ALL_CAPS' };
  return request(url)
    .post('/graphql')
    .set('content-type', 'application/json')
    .set({ ...enumValues, ...headers })
    .send({ query, variables });
}

/** The cookies an answer sets, by name, with their attributes. */
export function setCookies(header: unknown): Map<string, { value: string; attributes: string[] }> {
  const lines = Array.isArray(header)
    ? (header as string[])
    : typeof header === 'string'
      ? [header]
      : [];
  const cookies = new Map<string, { value: string; attributes: string[] }>();
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), {
      value: decodeURIComponent(pair.slice(at + 1)),
      attributes: attributes.map((a) => a.toLowerCase()),
    });
  }
  return cookies;
}

/** A `cookie` request header from the cookies of earlier answers (last value wins, cleared ones dropped). */
export function cookieHeader(...answers: { headers: Record<string, unknown> }[]): string {
  const jar = new Map<string, string>();
  for (const answer of answers) {
    for (const [name, { value }] of setCookies(answer.headers['set-cookie'])) {
      if (value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }
  return [...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
}
