import { decodeSession, encodeSession, needsRefresh } from './session.js';

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
