// The limits as an operator relies on them: shared by every API instance and kept over a restart,
// on PGlite, on PostgreSQL (DATABASE_URL) and on Redis (TEST_REDIS_URL, set by .ci/run).
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApi, type StartedApi } from '../../index.js';
import { openPostgres, type Db } from '../db.js';

const LIMIT = 20;

/** A client address of its own per test run, so runs sharing a Redis never meet. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** One wrong sign-in from `address`, as the gateway forwards it; answers status and Retry-After. */
async function signIn(api: StartedApi, address: string) {
  const res = await fetch(`${api.url}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' }),
  });
  const body = (await res.json()) as { detail?: string };
  return { status: res.status, detail: body.detail, retryAfter: res.headers.get('retry-after') };
}

const start = (overrides: Record<string, string | number | boolean>) =>
  startApi({ DEMO_DATA: false, LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT, ...overrides });

/** 20 sign-ins spread over the instances in turn, then the 21st on each: all refused. */
async function expectSharedCount(apis: StartedApi[], address: string) {
  for (let i = 0; i < LIMIT; i += 1) {
    const api = apis[i % apis.length] as StartedApi;
    expect((await signIn(api, address)).status).toBe(401);
  }
  for (const api of apis) {
    const refused = await signIn(api, address);
    expect(refused).toMatchObject({ status: 429, detail: 'rate-limited' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  }
  // Another address is not affected.
  expect((await signIn(apis[0] as StartedApi, someAddress())).status).toBe(401);
}

describe('shared limits: PGlite', () => {
  it('keeps the sign-in count of an address over a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'limits-'));
    const address = someAddress();
    try {
      const first = await start({ DATA_DIR: dir });
      for (let i = 0; i < LIMIT; i += 1) expect((await signIn(first, address)).status).toBe(401);
      await first.close();
      const second = await start({ DATA_DIR: dir });
      try {
        expect((await signIn(second, address)).status).toBe(429);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Drops the test database once the closed instances' connections are gone (a job queue's pool may
 * end a moment after its instance); forcing them off would fail their clients with an error.
 */
async function dropWhenIdle(admin: Db, name: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const [row] = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (row?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin.exec(`DROP DATABASE ${name}`);
}

const databaseUrl = process.env.DATABASE_URL;
(databaseUrl ? describe : describe.skip)('shared limits: PostgreSQL (DATABASE_URL)', () => {
  it('two API instances on one database share the count, and a restart keeps it', async () => {
    const name = `limits_${randomBytes(6).toString('hex')}`;
    const admin = openPostgres(databaseUrl ?? '', { max: 1 });
    await admin.exec(`CREATE DATABASE ${name}`);
    const url = new URL(databaseUrl ?? '');
    url.pathname = `/${name}`;
    // Instances of one database share its signing key (required with DATABASE_URL).
    const shared = { DATABASE_URL: url.toString(), JWT_SECRET: randomBytes(32).toString('hex') };
    const apis: StartedApi[] = [];
    try {
      apis.push(await start(shared));
      apis.push(await start(shared));
      const address = someAddress();
      await expectSharedCount(apis, address);
      await apis[0]?.close();
      apis[0] = await start(shared);
      expect((await signIn(apis[0], address)).status).toBe(429);
    } finally {
      for (const api of apis) await api.close();
      await dropWhenIdle(admin, name);
      await admin.close();
    }
  });
});

// Redis only where one is named: a newcomer's machine has none (.ci/run sets TEST_REDIS_URL).
const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('shared limits: Redis (TEST_REDIS_URL)', () => {
  it('two API instances with their own databases share the count through Redis', async () => {
    const apis = [await start({ REDIS_URL: redisUrl ?? '' })];
    try {
      apis.push(await start({ REDIS_URL: redisUrl ?? '' }));
      await expectSharedCount(apis, someAddress());
    } finally {
      for (const api of apis) await api.close();
    }
  });
});
