// Package entry: start a gateway in-process (e2e tests, benchmarks, scripts/start.mjs).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway } from './app.js';
import { loadConfig, type ConfigOverrides } from './env.js';

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
  const gateway = await createGateway(config);
  const server = createServer(gateway.listener).listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await gateway.close();
    },
  };
}
