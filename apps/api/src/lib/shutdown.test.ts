// Graceful shutdown under a steady load: the real app on its own server with the shutdown the
// SIGTERM handler runs (runtime.ts). A request the server accepted is answered in full, never cut
// halfway.
import { running } from '@survey/runtime/shutdown';
import { shutdownUnderLoad } from '@survey/runtime/testing';
import supertest from 'supertest';
import { createApp } from '../app.js';
import { describeEachDb } from '../test/harness.js';
import { createTokens } from './auth.js';
import { createLogger } from './logger.js';

describeEachDb('graceful shutdown', (ctx) => {
  it('answers every accepted request in full with Connection: close, fails readiness, then closes', async () => {
    const lifecycle = running();
    const { db, mailer, outbox, config } = ctx();
    const app = createApp({
      db,
      mailer,
      outbox,
      config,
      logger: createLogger('silent'),
      lifecycle,
    });
    const admin = await ctx().createUser({ role: 'Admin' });
    const tokens = createTokens(db, { secret: config.JWT_SECRET ?? '', ttlSeconds: 300 });
    const { token } = await tokens.issue({ id: admin.id, role: 'Admin', tokenVersion: 1 });
    const authorization = `Bearer ${token}`;

    const result = await shutdownUnderLoad({
      listener: app,
      lifecycle,
      read: (id) => ({ path: '/companies', headers: { authorization, 'x-request-id': id } }),
      // A slow upload: accepted (its headers are in) and still arriving when the shutdown begins.
      held: {
        path: '/companies/create',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ name: '' }),
      },
      readiness: async () => (await supertest(app).get('/readyz')).status,
    });

    expect(result.readiness).toBe(503);
    expect(result.served.length).toBeGreaterThan(0);
    expect(
      result.served.filter((answer) => !('status' in answer) || answer.status !== 200),
    ).toEqual([]);
    // The upload under way was answered in full (a validation error) and told to close its connection.
    expect(result.held).toMatchObject({ status: 400, headers: { connection: 'close' } });
    expect(JSON.parse(result.held.body)).toMatchObject({ detail: 'validation-failed' });
    // The rest never reached the app: refused by the closed listener, or sent on an idle connection
    // as it was closed (unread; a client repeats a read then, as the gateway's does).
    for (const answer of result.refused)
      expect(answer).toMatchObject({
        error: expect.stringMatching(/ECONNREFUSED|ECONNRESET|EPIPE|socket hang up/),
      });
    expect(result.listening).toBe(false);
  });
});
