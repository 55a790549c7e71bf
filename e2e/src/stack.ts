// Starts the real console for a test file: apps/api (in-memory PGlite, its mail catcher on loopback),
// apps/gateway in front of it, and the built web app served by Vite's preview server with the
// same /graphql proxy as production. Every port is ephemeral, so test files never collide.
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { startApi, type ConfigOverrides } from '@survey/api';
import { startGateway } from '@survey/gateway';
import { freePort } from './scale/processes.js';
// The loopback OpenAI-compatible server that stands in for a paid AI provider (the one allowed fake).
import { startFakeProvider } from '../../apps/api/src/test/fake-provider.js';

export type Stack = Awaited<ReturnType<typeof startStack>>;

const webRoot = fileURLToPath(new URL('../../apps/web/', import.meta.url));

/**
 * `api`: settings of the API for this file (e.g. a short TOKEN_TTL_SECONDS). `aiProvider`: the API's
 * AI features run the provider engine against a fake OpenAI-compatible server on loopback instead
 * of the embedded engine.
 */
/**
 * The gateway's wait for the API's headers in the e2e runs. The production 5 s is held by the
 * gateway's rest-client tests; with the whole suite beside a browser at load 20 on 2 cores even `me`
 * took longer, and a fresh API's first report read waits for its gate (504 either way).
 */
export const UPSTREAM_WAIT = { UPSTREAM_HEADERS_TIMEOUT_MS: 30_000 } as const;
/**
 * A fresh API's first report read waits for its gate within UPSTREAM_WAIT, as the tests expect,
 * instead of the production 2 s and the page's "being prepared" (unit-tested).
 */
export const GATE_WAIT = { REPORT_GATE_WAIT_MS: 25_000 } as const;

export async function startStack(options: { api?: ConfigOverrides; aiProvider?: boolean } = {}) {
  const provider = options.aiProvider ? await startFakeProvider() : null;
  // The supervisors' send job has the gateway build the PDFs: the API knows its port beforehand.
  const gatewayPort = await freePort();
  const api = await startApi({
    DATA_DIR: 'memory',
    GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
    // One browser signs in many times a minute from 127.0.0.1; the limit itself is tested in the API.
    LOGIN_RATE_LIMIT_PER_MINUTE: 1000,
    ...GATE_WAIT,
    // The run's seeded database (src/run.ts); a file run alone seeds its own.
    ...(process.env.E2E_DATA_SNAPSHOT ? { DATA_SNAPSHOT: process.env.E2E_DATA_SNAPSHOT } : {}),
    ...(provider
      ? {
          AI_BASE_URL: provider.baseUrl,
          AI_API_KEY: 'e2e-key',
          AI_CHAT_MODEL: 'fake-chat',
          AI_EMBEDDING_MODEL: 'fake-embedding',
          // One browser asks many questions a minute; the limit itself is tested in the API.
          AI_RATE_LIMIT_PER_MINUTE: 1000,
        }
      : {}),
    ...options.api,
  });
  const gateway = await startGateway({
    API_URL: api.url,
    PORT: gatewayPort,
    COOKIE_SECURE: false,
    LOG_LEVEL: 'warn',
    ...UPSTREAM_WAIT,
  });
  const web = await preview({
    root: webRoot,
    configFile: false,
    logLevel: 'silent',
    preview: {
      port: 0,
      host: '127.0.0.1',
      proxy: { '/graphql': gateway.url, '/files': gateway.url },
    },
  });
  const address = web.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('web preview did not bind a port');
  const webUrl = `http://127.0.0.1:${address.port}`;
  const mailCatcher = api.mailCatcher;
  if (!mailCatcher) throw new Error('the API started without its mail catcher');

  return {
    api,
    gateway,
    webUrl,
    mail: mailCatcher,
    /** The fake AI provider (with `aiProvider`), whose requests a test may read. */
    aiProvider: provider,
    async close() {
      await new Promise<void>((resolve) => web.httpServer.close(() => resolve()));
      await gateway.close();
      await api.close();
      await provider?.close();
    },
  };
}
