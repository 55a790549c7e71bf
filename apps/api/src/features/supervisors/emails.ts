// The mail a supervisor gets when their unit's package is ready: a link to it in the console, no
// results in the mail itself (issue 32). Texts under `supervisorEmails` in locales/<lang>/admin.json.
import { translator } from '../../lib/i18n.js';
import type { OutgoingMail } from '../../lib/mail.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function supervisorPackageEmail(
  to: { email: string; displayName: string; language: string },
  survey: { name: string },
  unit: { name: string },
  link: string,
): OutgoingMail {
  const t = translator(to.language);
  const values = { name: to.displayName, survey: survey.name, unit: unit.name };
  const lines = [
    t('supervisorEmails.greeting', values),
    t('supervisorEmails.intro', values),
    t('supervisorEmails.signIn'),
  ];
  const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
  return {
    to: to.email,
    subject: t('supervisorEmails.subject', values),
    text: [...lines, link].join('\n\n'),
    html: [...lines.map(p), `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`].join(
      '\n',
    ),
  };
}
