// The mailer against a real SMTP server on loopback: how many connections it opens at once, and
// what it logs for a delivered and a refused message.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createLogger } from './logger.js';
import { createMailer, type DeliveryEvent } from './mail.js';

interface SmtpPeer {
  url: string;
  /** The most SMTP sessions that were open at the same time. */
  mostOpen: () => number;
  received: string[];
  close: () => Promise<void>;
}

/** An SMTP server that takes 30 ms per message, so a sender's connections overlap; it refuses `refuse@`. */
async function startPeer(): Promise<SmtpPeer> {
  let open = 0;
  let most = 0;
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      open += 1;
      most = Math.max(most, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refuse@')) callback(new Error('550 no such mailbox'));
      else callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        setTimeout(callback, 30);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mostOpen: () => most,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const mail = (to: string) => ({ to, subject: 'Invitation', text: 'Hello', html: '<p>Hello</p>' });

/** A mailer to `peer` that logs its delivery events into `events`. */
const mailerTo = (peer: SmtpPeer, maxConnections: number, events: DeliveryEvent[]) =>
  createMailer({
    smtpUrl: peer.url,
    from: 'Survey Console <noreply@survey.test>',
    maxConnections,
    log: {
      record: async (batch) => void events.push(...batch),
      delivered: async () => false,
    },
    logger: createLogger('silent'),
  });

describe('mailer', () => {
  let peer: SmtpPeer;
  beforeEach(async () => {
    peer = await startPeer();
  });
  afterEach(async () => {
    await peer.close();
  });

  it('sends many messages over at most maxConnections connections at once', async () => {
    const events: DeliveryEvent[] = [];
    const mailer = mailerTo(peer, 3, events);
    const recipients = Array.from({ length: 24 }, (_, i) => `person${i}@demo.test`);
    const sending = recipients.map((to) => mailer.send(mail(to)));
    const outcomes = [];
    for (const outcome of sending) outcomes.push(await outcome);
    await mailer.close();
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(peer.received.sort()).toEqual([...recipients].sort());
    // Parallel, but never more than the bound.
    expect(peer.mostOpen()).toBe(3);
    expect(events.filter((event) => event.event === 'request')).toHaveLength(24);
    expect(events.filter((event) => event.event === 'delivered')).toHaveLength(24);
  });

  it('reports and logs a refused recipient with the server reason; the others still go out', async () => {
    const events: DeliveryEvent[] = [];
    const mailer = mailerTo(peer, 2, events);
    const refusing = mailer.send(mail('refuse@demo.test'));
    const fine = await mailer.send(mail('fine@demo.test'));
    const refused = await refusing;
    await mailer.close();
    expect(refused).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no such mailbox'),
    });
    expect(fine).toMatchObject({ ok: true });
    expect(peer.received).toEqual(['fine@demo.test']);
    const error = events.find((event) => event.event === 'error');
    expect(error).toMatchObject({ email: 'refuse@demo.test', subject: 'Invitation' });
    // The request and its outcome share the message id.
    const request = events.find((e) => e.event === 'request' && e.email === 'refuse@demo.test');
    expect(request?.messageId).toBe(error?.messageId);
  });
});
