// Package entry: start a gateway in-process (e2e tests, benchmarks, scripts/start.mjs).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway } from './app.js';
import { loadConfig, type ConfigOverrides } from './env.js';
import { gracefulClose, running } from '@survey/runtime/shutdown';

export { createGateway, type Gateway } from './app.js';
export { loadConfig, type ConfigOverrides, type GatewayConfig } from './env.js';

export interface RunningGateway {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the gateway on PORT (0: any free port); overrides win over the environment. */
export async function startGateway(overrides: ConfigOverrides = {}): Promise<RunningGateway> {
  const config = loadConfig(overrides);
  const lifecycle = running();
  const gateway = await createGateway(config, lifecycle);
  const server = createServer(gateway.listener);
  // Like the API's: the caller (a proxy, a load balancer) closes idle connections, not this side.
  server.keepAliveTimeout = 65_000;
  const closeServer = gracefulClose(server, lifecycle, config.SHUTDOWN_GRACE_MS);
  server.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    /** Graceful: readiness fails, accepted requests finish within SHUTDOWN_GRACE_MS. */
    async close() {
      await closeServer();
      await gateway.close();
    },
  };
}
