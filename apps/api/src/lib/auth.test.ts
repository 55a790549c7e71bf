import express from 'express';
import { pinoHttp } from 'pino-http';
import supertest from 'supertest';
import { describeEachDb } from '../test/harness.js';
import { authenticate, createTokens, currentUser, requireRole } from './auth.js';
import { errorHandler } from './errors.js';
import { createLogger } from './logger.js';

describeEachDb('auth middleware', (ctx) => {
  const app = () => {
    const tokens = createTokens(ctx().db, { secret: 's'.repeat(32), ttlSeconds: 300 });
    const server = express()
      .use(pinoHttp({ logger: createLogger('silent') }))
      .get('/admin', authenticate(tokens), requireRole('Admin', 'PartnerAdmin'), (req, res) => {
        res.json({ id: currentUser(req).id });
      })
      .use(errorHandler);
    return { tokens, server };
  };

  it('lets a listed role through and tells the route who is signed in', async () => {
    const { tokens, server } = app();
    const user = await ctx().createUser({ role: 'PartnerAdmin' });
    const { token } = await tokens.issue({ id: user.id, role: 'PartnerAdmin', tokenVersion: 1 });
    const res = await supertest(server).get('/admin').set('Authorization', `Bearer ${token}`);
    expect(res.body).toEqual({ id: user.id });
  });

  it('answers 403 forbidden to a role not listed, judged by the role in the database', async () => {
    const { tokens, server } = app();
    const user = await ctx().createUser({ role: 'User' });
    // A token claiming Admin does not help a User: the database decides.
    const { token } = await tokens.issue({ id: user.id, role: 'Admin', tokenVersion: 1 });
    const res = await supertest(server).get('/admin').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('forbidden');
  });

  it('answers 401 unauthenticated before looking at roles', async () => {
    const res = await supertest(app().server).get('/admin');
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('unauthenticated');
  });
});

describeEachDb('signing key rotation', (ctx) => {
  const oldKey = 'o'.repeat(32);
  const newKey = 'n'.repeat(32);
  const unrelated = 'u'.repeat(32);

  it('accepts tokens of the previous key next to the current one, and no other key', async () => {
    const user = await ctx().createUser({ role: 'User' });
    const claims = { id: user.id, role: 'User' as const, tokenVersion: 1 };
    const before = createTokens(ctx().db, { secret: oldKey, ttlSeconds: 300 });
    const { token: oldToken } = await before.issue(claims);

    const rotated = createTokens(ctx().db, {
      secret: newKey,
      previousSecret: oldKey,
      ttlSeconds: 300,
    });
    await expect(rotated.verify(oldToken)).resolves.toMatchObject({ id: user.id });
    const { token: newToken } = await rotated.issue(claims);
    await expect(rotated.verify(newToken)).resolves.toMatchObject({ id: user.id });
    // New tokens are signed with the current key only: an instance still on the old key refuses them.
    await expect(before.verify(newToken)).rejects.toMatchObject({ status: 401 });

    const afterRotation = createTokens(ctx().db, { secret: newKey, ttlSeconds: 300 });
    await expect(afterRotation.verify(oldToken)).rejects.toMatchObject({ status: 401 });
    const stranger = createTokens(ctx().db, {
      secret: unrelated,
      previousSecret: newKey,
      ttlSeconds: 300,
    });
    await expect(stranger.verify(oldToken)).rejects.toMatchObject({ status: 401 });
  });
});
