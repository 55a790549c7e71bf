import { once } from 'node:events';
import { connect } from 'node:net';
import nodemailer from 'nodemailer';
import { startMailCatcher, type MailCatcher } from './mail-catcher.js';

describe('mail catcher', () => {
  let catcher: MailCatcher;
  beforeAll(async () => {
    catcher = await startMailCatcher();
  });
  afterAll(() => catcher.close());

  const send = async (subject: string, text: string) => {
    const transport = nodemailer.createTransport({ url: catcher.smtpUrl });
    await transport.sendMail({
      from: 'Survey Console <no-reply@survey-console.local>',
      to: 'Ann <ann@example.test>',
      bcc: 'audit@example.test',
      subject,
      text,
      html: `<p>${text}</p>`,
    });
    transport.close();
  };

  it('receives mail over SMTP and lists it newest first as JSON', async () => {
    await send('First', 'one');
    await send('Second', 'two https://web.test/account/reset/confirm/u/c?lng=fi-FI');
    const res = await fetch(`${catcher.httpUrl}/api/messages`);
    const messages = (await res.json()) as { subject: string; to: string[]; from: string }[];
    expect(messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(messages[0]).toMatchObject({
      from: 'no-reply@survey-console.local',
      to: ['ann@example.test', 'audit@example.test'],
      text: expect.stringContaining('two'),
      html: expect.stringContaining('<p>two'),
      id: expect.any(String),
      date: expect.any(String),
    });
  });

  it('shows a readable inbox page with clickable links', async () => {
    const html = await (await fetch(`${catcher.httpUrl}/`)).text();
    expect(html).toContain('<h2>Second</h2>');
    expect(html).toContain('<a href="https://web.test/account/reset/confirm/u/c?lng=fi-FI">');
  });

  it('empties the inbox on DELETE', async () => {
    const res = await fetch(`${catcher.httpUrl}/api/messages`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await catcher.messages()).toEqual([]);
  });

  it('escapes what a message says before showing it', async () => {
    await send('<script>alert(1)</script>', 'hi');
    const html = await (await fetch(`${catcher.httpUrl}/`)).text();
    expect(html).not.toContain('<script>alert');
  });

  // Unhandled, the reset fails the whole suite ('read ECONNRESET'), as it would end a test process.
  it('outlives a sender that dies in the middle of a message', async () => {
    const socket = connect(Number(new URL(catcher.smtpUrl).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const reply = async (code: string) => {
      while (!received.includes(`\r\n${code}`) && !received.startsWith(code))
        await once(socket, 'data');
      received = '';
    };
    await reply('220');
    for (const [line, code] of [
      ['EHLO sender.test', '250'],
      ['MAIL FROM:<a@sender.test>', '250'],
      ['RCPT TO:<b@sender.test>', '250'],
      ['DATA', '354'],
    ] as const) {
      socket.write(`${line}\r\n`);
      await reply(code);
    }
    socket.write('Subject: cut off\r\n\r\nhalf a mess');
    socket.resetAndDestroy();
    await once(socket, 'close');
    await send('After', 'still receiving');
    expect((await catcher.messages())[0]?.subject).toBe('After');
  });
});
