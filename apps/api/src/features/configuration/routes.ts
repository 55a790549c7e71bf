import { Router } from 'express';
import { DEFAULT_LANGUAGE, DEFAULT_REPORT_LANGUAGE, LANGUAGES } from '../../lib/languages.js';
import { COMPANY_INDUSTRIES, COMPANY_SIZES } from './options.js';

export interface Configuration {
  companySizes: readonly { id: string; description: string }[];
  companyIndustries: readonly { id: string; description: string }[];
  languageCode: string;
  reportLanguageCode: string;
  languages: readonly string[];
  reportLanguages: readonly string[];
  /** ANONYMITY_THRESHOLD: the smallest group a report shows ("fewer than 5 answered"). */
  anonymityThreshold: number;
}

const lists: Omit<Configuration, 'anonymityThreshold'> = {
  companySizes: COMPANY_SIZES,
  companyIndustries: COMPANY_INDUSTRIES,
  languageCode: DEFAULT_LANGUAGE,
  reportLanguageCode: DEFAULT_REPORT_LANGUAGE,
  languages: LANGUAGES,
  reportLanguages: LANGUAGES,
};

export function configurationRoutes(anonymityThreshold: number): Router {
  const router = Router();
  const configuration: Configuration = { ...lists, anonymityThreshold };
  // Public and the same for everyone; it changes only with a deployment.
  router.get('/', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(configuration);
  });
  return router;
}
