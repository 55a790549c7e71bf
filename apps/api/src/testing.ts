// Test support for other packages' tests against a real API (the gateway's): the OpenAI-compatible
// server on loopback that stands in for a paid AI provider (the one fake the team allows), and a
// fresh PostgreSQL schema for an API of one test file.
import { randomBytes } from 'node:crypto';
import { openPostgres } from './lib/db.js';

export { startFakeProvider, type FakeOptions, type FakeProvider } from './test/fake-provider.js';

export interface TestSchema {
  /** The server URL with the schema as its search path (the API's DATABASE_URL). */
  url: string;
  /** A pg-boss schema of its own, so no other test's worker takes this API's jobs. */
  jobsSchema: string;
  drop(): Promise<void>;
}

/** A new, empty schema on the PostgreSQL server at `serverUrl`; `drop` removes it and its jobs. */
export async function postgresSchema(serverUrl: string): Promise<TestSchema> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(serverUrl, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${name}`);
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    url: url.toString(),
    jobsSchema: `${name}_boss`,
    async drop() {
      await admin.exec(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      await admin.exec(`DROP SCHEMA IF EXISTS ${name}_boss CASCADE`);
      await admin.close();
    },
  };
}

export interface TestDatabase {
  /** The server URL with this database's name. */
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server at `serverUrl` (a deployment's first start). */
export async function postgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(serverUrl, { max: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}
