import { loadBrowserEnv, loadServerEnv } from './env';

describe('web env', () => {
  it('defaults the gateway URL and port', () => {
    expect(loadServerEnv({})).toEqual({ GATEWAY_URL: 'http://localhost:4000', WEB_PORT: 3000 });
  });

  it('lists every malformed variable at once', () => {
    expect(() => loadServerEnv({ GATEWAY_URL: 'ftp://x', WEB_PORT: 'many' })).toThrow(
      /GATEWAY_URL[\s\S]*WEB_PORT/,
    );
  });

  it('checks the browser variables the build inlines', () => {
    expect(loadBrowserEnv({ VITE_USER_IMPORT_DOMAINS: 'a.fi,b.fi' })).toEqual({
      DEV: false,
      VITE_USER_IMPORT_DOMAINS: 'a.fi,b.fi',
    });
  });
});
