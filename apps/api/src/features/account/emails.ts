import type { OutgoingMail } from '../../lib/mail.js';
import { translator } from '../../lib/i18n.js';

interface Recipient {
  email: string;
  displayName: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One layout for every account email: greeting, intro, the code or link, expiry, signature. */
function compose(
  language: string,
  kind: 'twoFactor' | 'reset' | 'confirm',
  to: Recipient,
  body: { code: string } | { link: string },
): OutgoingMail {
  const t = translator(language);
  const lines = [
    t('email.common.greeting', { name: to.displayName }),
    t(`email.${kind}.intro`),
    'code' in body ? body.code : body.link,
    t(`email.${kind}.expiry`),
    t('email.common.ignore'),
    t('email.common.signature'),
  ];
  const main =
    'code' in body
      ? `<p style="font-size:24px;letter-spacing:4px"><b>${escapeHtml(body.code)}</b></p>`
      : `<p><a href="${escapeHtml(body.link)}">${escapeHtml(body.link)}</a></p>`;
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  return {
    to: to.email,
    subject: t(`email.${kind}.subject`),
    text: lines.join('\n\n'),
    html: [
      paragraph(lines[0] ?? ''),
      paragraph(lines[1] ?? ''),
      main,
      ...lines.slice(3).map(paragraph),
    ].join('\n'),
  };
}

export const twoFactorEmail = (language: string, to: Recipient, code: string) =>
  compose(language, 'twoFactor', to, { code });

export const resetEmail = (language: string, to: Recipient, link: string) =>
  compose(language, 'reset', to, { link });

export const confirmationEmail = (language: string, to: Recipient, link: string) =>
  compose(language, 'confirm', to, { link });
