// gracefulClose on a plain HTTP server: an accepted request is answered in full (with
// `Connection: close`), idle keep-alive connections close at once, the listener stops taking
// connections, and whatever is still open after the grace period is cut. Each app's own
// shutdown.test.ts runs it under load against the real app.
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gracefulClose, running } from './shutdown.js';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function get(agent: Agent, port: number, path: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ agent, host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A server that answers `/slow` once `release` is called, everything else at once. */
async function startServer() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived = () => {};
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server: Server = createServer((req, res) => {
    if (req.url !== '/slow') return res.end('fast');
    arrived();
    void released.then(() => res.end('slow'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, release, slowArrived };
}

describe('gracefulClose', () => {
  it('answers an accepted request in full with Connection: close, then closes', async () => {
    const { server, port, release, slowArrived } = await startServer();
    const lifecycle = running();
    const close = gracefulClose(server, lifecycle, 30_000);
    const agent = new Agent({ keepAlive: true });
    expect(await get(agent, port, '/fast')).toMatchObject({ status: 200, body: 'fast' });

    const slow = get(new Agent({ keepAlive: true }), port, '/slow');
    await slowArrived;
    const closed = close();
    expect(lifecycle.draining).toBe(true);
    expect(server.listening).toBe(false);
    // The idle keep-alive connection was closed: a new request needs a new connection, refused.
    await expect(get(agent, port, '/fast')).rejects.toThrow(
      /ECONNREFUSED|ECONNRESET|socket hang up/,
    );

    release();
    expect(await slow).toEqual({ status: 200, connection: 'close', body: 'slow' });
    await closed;
    expect(close()).toBe(closed);
  });

  it('cuts what is still open after the grace period', async () => {
    const { server, port, slowArrived } = await startServer();
    const close = gracefulClose(server, running(), 50);
    const slow = get(new Agent(), port, '/slow');
    await slowArrived;
    await close();
    await expect(slow).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
