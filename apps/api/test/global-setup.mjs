// Starts PGlite once per jest run and leaves a snapshot of the fresh cluster for every test file:
// loading it takes well under a second, while initdb on each start takes several.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

export default async function globalSetup() {
  const pglite = await PGlite.create();
  const file = path.join(tmpdir(), `survey-api-pglite-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  process.env.API_TEST_PGLITE_SNAPSHOT = file;
}
