// Prometheus metrics (prom-client) that the API and the gateway both answer at /metrics.
import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | undefined;
/** CPU, memory, event loop and GC: one set a process, however many apps it runs (tests). */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
