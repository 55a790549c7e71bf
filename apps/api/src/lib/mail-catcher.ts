import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** One message the catcher received. */
export interface Mail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  /** ISO 8601. */
  date: string;
  text: string;
  html: string;
  /** The sender's Message-ID header ('' when it gave none). */
  messageId: string;
}

export interface MailCatcher {
  smtpUrl: string;
  httpUrl: string;
  /** Newest first. */
  messages(): Promise<Mail[]>;
  /**
   * Messages received again with a Message-ID already stored: kept once, as a mailbox store
   * does, and counted here (a sender that retried after the server accepted; docs/scaling.md).
   */
  repeats(): number;
  /** Resolves with the newest message matching, polling until `timeoutMs`. */
  waitFor(match: (mail: Mail) => boolean, timeoutMs?: number): Promise<Mail>;
  clear(): void;
  close(): Promise<void>;
}

// Enough for a test run of 10,000 invitations; the HTML inbox shows the newest 500.
const CAP = 20_000;
const PAGE = 500;
const HOST = '127.0.0.1';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function inboxPage(messages: Mail[]): string {
  const items = messages
    .slice(0, PAGE)
    .map(
      (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p><b>To:</b> ${escapeHtml(m.to.join(', '))} &middot; <b>From:</b> ${escapeHtml(m.from)} &middot; ${escapeHtml(m.date)}</p>
<pre>${linkify(m.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail catcher</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
article{border-bottom:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap}</style></head>
<body><h1>Mail catcher (${messages.length})</h1>${items || '<p>No messages yet.</p>'}</body></html>`;
}

function listen(server: HttpServer | SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const net = server instanceof SMTPServer ? server.server : server;
    net.once('error', reject);
    server.listen(port, HOST, () => {
      net.off('error', reject);
      resolve((net.address() as AddressInfo).port);
    });
  });
}

/** A local SMTP server (no auth, no TLS) keeping the last 500 messages, plus an HTTP inbox. */
export async function startMailCatcher(
  options: { smtpPort?: number; httpPort?: number } = {},
): Promise<MailCatcher> {
  let store: Mail[] = [];
  let counter = 0;
  const seen = new Set<string>();
  let repeats = 0;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'Survey Console mail catcher',
    logger: false,
    // Idle pooled client connections would otherwise hold close() for 30 s.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            const messageId = email.messageId ?? '';
            if (messageId && seen.has(messageId)) {
              repeats += 1;
              callback();
              return;
            }
            if (messageId) seen.add(messageId);
            counter += 1;
            store.unshift({
              id: String(counter),
              from: email.from?.address ?? '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: email.subject ?? '',
              date: new Date().toISOString(),
              text: email.text ?? '',
              html: email.html ?? '',
              messageId,
            });
            store = store.slice(0, CAP);
            callback();
          })
          .catch((error: unknown) =>
            callback(error instanceof Error ? error : new Error(String(error))),
          );
      });
    },
  });

  // A sender that dies in the middle of a message (a killed worker) resets its connection; that is
  // the sender's failure, not the catcher's (unhandled, it would end the process the catcher is in).
  smtp.on('error', () => undefined);

  const http = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/api/messages' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(store));
    } else if (path === '/api/stats' && req.method === 'GET') {
      // For a test over HTTP (another process's catcher): stored messages and repeats.
      const stats = { messages: store.length, repeats };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats));
    } else if (path === '/api/messages' && req.method === 'DELETE') {
      catcher.clear();
      res.writeHead(204).end();
    } else if (path === '/' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(inboxPage(store));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });

  const smtpPort = await listen(smtp, options.smtpPort ?? 0);
  const httpPort = await listen(http, options.httpPort ?? 0).catch(async (error: unknown) => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  });

  const catcher: MailCatcher = {
    smtpUrl: `smtp://${HOST}:${smtpPort}`,
    httpUrl: `http://${HOST}:${httpPort}`,
    messages: async () => [...store],
    repeats: () => repeats,
    async waitFor(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = store.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    clear: () => {
      store = [];
      seen.clear();
      repeats = 0;
    },
    close: async () => {
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
  return catcher;
}
