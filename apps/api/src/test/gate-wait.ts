// A read while its survey's anonymity gate is first built, as a client sees it: refused with
// `503 gate-preparing` and a Retry-After once the production wait is over (well before the
// gateway's 5 s wait for headers), then answered when asked again after the build.
import type { Response } from 'supertest';
import { GATE_RETRY_SECONDS } from '../features/reports/gate.js';
import { GATE_WAIT_MS } from '../features/reports/routes.js';

/** Asserts the refusal of the first `read`, awaits `built`, and returns the answer read after it. */
export async function refusedWhileGateBuilds(
  read: () => Promise<Response>,
  built: () => Promise<unknown>,
): Promise<Response> {
  const started = Date.now();
  const refused = await read();
  const waited = Date.now() - started;
  expect(refused.status).toBe(503);
  expect(refused.headers['retry-after']).toBe(String(GATE_RETRY_SECONDS));
  expect(refused.body).toMatchObject({
    status: 503,
    detail: 'gate-preparing',
    retryAfter: GATE_RETRY_SECONDS,
  });
  expect(waited).toBeGreaterThanOrEqual(GATE_WAIT_MS - 50);
  expect(waited).toBeLessThan(4_500);

  // The refused read started the build, which went on. Once it is done the read is answered
  // (after the release's cell statistics, which the read's wait covers too): a client that tries
  // again after each Retry-After gets the figures in full.
  await built();
  let answered = await read();
  for (let tries = 1; answered.status === 503 && tries < 20; tries += 1) {
    expect(answered.headers['retry-after']).toBe(String(GATE_RETRY_SECONDS));
    await new Promise((resolve) => setTimeout(resolve, GATE_RETRY_SECONDS * 1000));
    answered = await read();
  }
  expect(answered.status).toBe(200);
  expect(answered.headers['retry-after']).toBeUndefined();
  return answered;
}
