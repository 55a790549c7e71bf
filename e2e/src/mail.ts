// Reads what the API really sent over SMTP to its mail catcher on loopback.
import type { Stack } from './stack.js';

export async function waitForMail(
  stack: Stack,
  to: string,
  subjectPart?: RegExp,
  timeoutMs = 10000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = await stack.mail.messages();
    const match = messages.find(
      (m) =>
        m.to.some((address) => address.toLowerCase().includes(to.toLowerCase())) &&
        (!subjectPart || subjectPart.test(m.subject)),
    );
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no email to ${to} arrived within ${timeoutMs} ms`);
}

export function firstLink(text: string, pathPart: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no link containing ${pathPart} in: ${text}`);
  return link;
}
