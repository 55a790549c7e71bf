import { hasText, translator } from '../../lib/i18n.js';
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
  links: { survey: string; pinPage: string },
  pin: string,
): OutgoingMail {
  const t = translator(to.languageCode);
  const name = `${to.firstName} ${to.lastName}`.trim();
  const greeting = t('participantEmails.greeting', { name });
  const intro = t(`participantEmails.${kind}.intro`, { survey: survey.name });
  const pinLine = t('participantEmails.pin', { pin });
  // What the PIN is for: the survey page in the participant's language, where email + PIN open it.
  const pinHelp = t('participantEmails.pinHelp', { link: links.pinPage });
  const signature = t('participantEmails.signature');
  const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const a = (href: string) => `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
  const [helpBefore = '', helpAfter = ''] = t('participantEmails.pinHelp', {
    link: '\u0000',
  }).split('\u0000');
  return {
    to: to.email,
    subject: t(`participantEmails.${kind}.subject`, { survey: survey.name }),
    text: [greeting, intro, links.survey, `${pinLine}\n${pinHelp}`, signature].join('\n\n'),
    html: [
      p(greeting),
      p(intro),
      `<p>${a(links.survey)}</p>`,
      p(pinLine),
      `<p>${escapeHtml(helpBefore)}${a(links.pinPage)}${escapeHtml(helpAfter)}</p>`,
      p(signature),
    ].join('\n'),
  };
}

/** The answers of one finished participation that its report email shows. */
export interface ReportAnswers {
  satisfaction: number;
  enps: number;
  /** The 10 picked criterion ids (2..31) with their realization 0..100, in the order picked. */
  important: { criterionId: number; realization: number }[];
}

/**
 * The participation report: the participant's own satisfaction, eNPS answer and the 10
 * criteria they picked with how well each is realized, in their language (texts under
 * `participantEmails.report` in locales/<lang>/admin.json, criterion names from report.json,
 * falling back to en-US).
 */
export function participationReportEmail(
  to: EmailParticipant,
  survey: { name: string },
  answers: ReportAnswers,
): OutgoingMail {
  const t = translator(to.languageCode);
  // Criterion names live once, with the reports' texts (locales/<lang>/report.json); a language
  // whose email texts fall back to en-US takes the English names too, so the email reads as one.
  const reportTexts = translator(
    hasText(to.languageCode, 'participantEmails.report.intro') ? to.languageCode : 'en-US',
    'report',
  );
  const name = `${to.firstName} ${to.lastName}`.trim();
  const greeting = t('participantEmails.greeting', { name });
  const intro = t('participantEmails.report.intro', { survey: survey.name });
  // No L-index: a bare "L-index 57" tells a participant nothing (issue 28); the ten criteria
  // below show what it is made of.
  const figures = [
    t('participantEmails.report.satisfaction', { value: String(answers.satisfaction) }),
    t('participantEmails.report.enps', { value: String(answers.enps) }),
  ];
  const heading = t('participantEmails.report.important');
  const criteria = answers.important.map(({ criterionId, realization }) =>
    t('participantEmails.report.criterion', {
      name: reportTexts(`criteria.${criterionId}`),
      value: String(realization),
    }),
  );
  const signature = t('participantEmails.signature');
  const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const list = (items: string[]) =>
    `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  return {
    to: to.email,
    subject: t('participantEmails.report.subject', { survey: survey.name }),
    text: [
      greeting,
      intro,
      figures.join('\n'),
      [heading, ...criteria.map((line) => `- ${line}`)].join('\n'),
      signature,
    ].join('\n\n'),
    html: [p(greeting), p(intro), list(figures), p(heading), list(criteria), p(signature)].join(
      '\n',
    ),
  };
}
