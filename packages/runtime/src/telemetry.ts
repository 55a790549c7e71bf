// OpenTelemetry tracing, started by each app's own src/telemetry.ts, which is loaded before the app
// itself: `node --import ./dist/telemetry.js dist/server.js`. The apps are ES modules, so the traced
// packages are patched through import-in-the-middle's loader hook, which must be in place before the
// first of them is imported; a plain first import in server.ts would come too late, as ES modules
// are all loaded before any runs. Nothing here imports an instrumentation: each app names and loads
// its own, once the hook is registered.
import type { IncomingMessage } from 'node:http';
import { register } from 'node:module';
import type { NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import type { TracingConfig } from './env.js';

// Probes and scrapes come every few seconds and would bury the traces worth reading.
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

/** For the HTTP instrumentation's `ignoreIncomingRequestHook`. */
export const isProbe = (req: IncomingMessage): boolean => UNTRACED.has(req.url ?? '');

/**
 * Starts tracing when `config` says so (without an exporter nothing is loaded and nothing patched).
 * `instrumentations` imports and creates the app's own; it is called once the loader hook is in place.
 */
export async function startTelemetry(
  config: TracingConfig,
  instrumentations: () => Promise<NodeSDKConfiguration['instrumentations']>,
): Promise<void> {
  if (!config.enabled) return;
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [{ NodeSDK }, loaded] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    instrumentations(),
  ]);
  const sdk = new NodeSDK({ serviceName: config.serviceName, instrumentations: loaded });
  sdk.start();
  // Sends the spans still buffered when the app stops.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void sdk.shutdown().catch(() => undefined));
  await waitForAllMessagesAcknowledged();
}
