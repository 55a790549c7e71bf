import { translator } from '../../lib/i18n.js';
import type { OutgoingMail } from '../../lib/mail.js';

export type ParticipantEmailKind = 'invitation' | 'reminder';

export interface EmailParticipant {
  email: string;
  firstName: string;
  lastName: string;
  languageCode: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The invitation or reminder in the participant's language (texts under `participantEmails` in
 * locales/<lang>/admin.json; a language without them falls back to en-US): greeting, intro,
 * the survey link, the PIN, signature.
 */
export function participantEmail(
  kind: ParticipantEmailKind,
  to: EmailParticipant,
  survey: { name: string },
  link: string,
  pin: string,
): OutgoingMail {
  const t = translator(to.languageCode);
  const name = `${to.firstName} ${to.lastName}`.trim();
  const greeting = t('participantEmails.greeting', { name });
  const intro = t(`participantEmails.${kind}.intro`, { survey: survey.name });
  const pinLine = t('participantEmails.pin', { pin });
  const signature = t('participantEmails.signature');
  const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
  return {
    to: to.email,
    subject: t(`participantEmails.${kind}.subject`, { survey: survey.name }),
    text: [greeting, intro, link, pinLine, signature].join('\n\n'),
    html: [
      p(greeting),
      p(intro),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      p(pinLine),
      p(signature),
    ].join('\n'),
  };
}
