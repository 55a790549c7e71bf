// Removes the run's demo snapshot (global-setup.mjs).
import { rm } from 'node:fs/promises';
import path from 'node:path';

export default async function globalTeardown() {
  const snapshot = process.env.GATEWAY_TEST_DEMO_SNAPSHOT;
  if (snapshot) await rm(path.dirname(snapshot), { recursive: true, force: true });
}
