// Typed keys: t('login.title') is checked against the en-US texts, so a typo fails the build.
import type admin from '../../../../../locales/en-US/admin.json';
import type ai from '../../../../../locales/en-US/ai.json';
import type questionnaire from '../../../../../locales/en-US/questionnaire.json';
import type report from '../../../../../locales/en-US/report.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'admin';
    resources: {
      admin: typeof admin;
      report: typeof report;
      questionnaire: typeof questionnaire;
      ai: typeof ai;
    };
  }
}
