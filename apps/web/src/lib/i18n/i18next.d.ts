// Typed keys: t('login.title') is checked against the en-US texts, so a typo fails the build.
import type common from '../../../../../locales/en-US/common.json';
import type admin from '../../../../../locales/en-US/admin.json';
import type ai from '../../../../../locales/en-US/ai.json';
import type questionnaire from '../../../../../locales/en-US/questionnaire.json';
import type report from '../../../../../locales/en-US/report.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: ['common', 'admin'];
    resources: {
      common: typeof common;
      admin: typeof admin;
      report: typeof report;
      questionnaire: typeof questionnaire;
      ai: typeof ai;
    };
  }
}
