import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import express from 'express';
import request from 'supertest';
import { decodeSession, encodeSession, needsRefresh, SessionCookies } from './session.js';

describe('session cookie values', () => {
  it('round-trips a token with its expiry, dots in the token included', () => {
    const expiresAt = new Date('2026-03-05T14:30:00.000Z');
    expect(decodeSession(encodeSession('a.b.c', expiresAt))).toEqual({ token: 'a.b.c', expiresAt });
  });

  it('ignores values it did not write', () => {
    expect(decodeSession('just-a-token')).toBeUndefined();
    expect(decodeSession(undefined)).toBeUndefined();
    expect(decodeSession('123.')).toBeUndefined();
  });

  it('asks for a refresh only in the last 10 minutes before expiry', () => {
    const now = Date.parse('2026-03-05T14:00:00.000Z');
    const at = (minutes: number) => ({ token: 't', expiresAt: new Date(now + minutes * 60_000) });
    expect(needsRefresh(at(11), now)).toBe(false);
    expect(needsRefresh(at(9), now)).toBe(true);
    expect(needsRefresh(at(-1), now)).toBe(false);
  });
});

describe('SessionCookies', () => {
  const options = { name: 'survey_session', secure: true };
  const expiresAt = '2026-03-05T14:30:00.000Z';

  /** The Set-Cookie lines of an answer, written by `write` on node's own request and response. */
  async function setCookies(
    write: (req: IncomingMessage, res: ServerResponse) => void,
    cookie?: string,
  ): Promise<string[]> {
    const server = createServer((req, res) => {
      write(req, res);
      res.end();
    });
    const res = await request(server)
      .get('/')
      .set(cookie ? { cookie } : {});
    return (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  }

  it("writes and clears the cookies as express's res.cookie and res.clearCookie did", async () => {
    const attributes = { httpOnly: true, sameSite: 'lax', secure: true, path: '/' } as const;
    const app = express();
    app.get('/', (_req, res) => {
      const expires = new Date(expiresAt);
      res.cookie('survey_session', encodeSession('tok', expires), { ...attributes, expires });
      res.clearCookie('survey_session_2fa', attributes);
      res.end();
    });
    const expected = (await request(app).get('/')).headers['set-cookie'];
    const written = await setCookies((req, res) => {
      const cookies = new SessionCookies(options, req, res);
      cookies.setSession('tok', expiresAt);
      cookies.clearPendingTwoFactor();
    });
    expect(written).toEqual(expected);
    expect(written[1]).toMatch(/^survey_session_2fa=; Path=\/; Expires=Thu, 01 Jan 1970/);
  });

  it('reads the session and the pending two-factor token from the cookie header', async () => {
    const future = new Date(Date.now() + 3_600_000);
    const header = `other=1; survey_session=${encodeURIComponent(encodeSession('a.b', future))}; survey_session_2fa=p3nd`;
    let read: unknown;
    await setCookies((req, res) => {
      const cookies = new SessionCookies(options, req, res);
      read = { session: cookies.session(), pending: cookies.pendingTwoFactor() };
    }, header);
    expect(read).toEqual({ session: { token: 'a.b', expiresAt: future }, pending: 'p3nd' });
  });
});
