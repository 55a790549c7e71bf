import { rm } from 'node:fs/promises';

export default async function globalTeardown() {
  const file = process.env.API_TEST_PGLITE_SNAPSHOT;
  if (file) await rm(file, { force: true });
}
