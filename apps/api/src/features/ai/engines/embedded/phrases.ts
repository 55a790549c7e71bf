// The built-in engine's few fixed sentences, in every report language: locales/<lang>/report.json
// `aiAnswer`, with i18next plural forms per language (found_one, share_few, ...). They frame what
// was found and say only what was counted ("4 of the 10 comments concern Pay and benefits").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance, type i18n, type Resource } from 'i18next';
import { LANGUAGES } from '../../../../lib/languages.js';
import { repoRoot } from '../../../../lib/paths.js';
import { baseLanguage } from '../../search/text.js';

/** Folder names that are not the language's own code (plural rules follow the real code). */
const INTL_CODE: Record<string, string> = { cz: 'cs', sme: 'se', 'en-US': 'en', 'fi-FI': 'fi' };
const FALLBACK = 'en';

let loaded: i18n | undefined;

function translations(): i18n {
  if (loaded) return loaded;
  const resources: Resource = {};
  for (const folder of LANGUAGES) {
    const file = path.join(repoRoot, 'locales', folder, 'report.json');
    const report = JSON.parse(readFileSync(file, 'utf8')) as { aiAnswer?: Record<string, string> };
    if (report.aiAnswer) resources[INTL_CODE[folder] ?? folder] = { report: report.aiAnswer };
  }
  const instance = createInstance();
  void instance.init({
    resources,
    lng: FALLBACK,
    fallbackLng: FALLBACK,
    ns: ['report'],
    defaultNS: 'report',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  loaded = instance;
  return instance;
}

/** The i18next code of a report language: `fi-FI`, `fi` -> fi; `cz` -> cs; unknown -> en. */
export function answerLanguage(languageCode: string): string {
  const folder =
    LANGUAGES.find((code) => code.toLowerCase() === languageCode.toLowerCase()) ??
    LANGUAGES.find((code) => baseLanguage(code) === baseLanguage(languageCode));
  return folder ? (INTL_CODE[folder] ?? folder) : FALLBACK;
}

export function phrases(languageCode: string) {
  const t = translations().getFixedT(answerLanguage(languageCode), 'report');
  return {
    extractiveLabel: t('extractiveLabel'),
    keyPhrases: t('keyPhrases'),
    noComments: t('noComments'),
    translationNeedsModel: t('translationNeedsModel'),
    none: t('none'),
    keyTerms: t('keyTerms'),
    fullSummaryLabel: t('fullSummaryLabel'),
    /** The comments the search returned (a count, not a claim about the survey). */
    found: (count: number) => t('found', { count }),
    /** A counted share: `count` of the `total` comments concern `criterion`. */
    share: (count: number, total: number, criterion: string) =>
      t('share', { count, total, criterion }),
    followNegative: (criterion: string) => t('followNegative', { criterion }),
    followPositive: (criterion: string) => t('followPositive', { criterion }),
    followTerm: (term: string) => t('followTerm', { term }),
    narrowed: (previous: string) => t('narrowed', { previous }),
  };
}

export type Phrases = ReturnType<typeof phrases>;

/** The answer to a question about a group the anonymity gate hides, and why. */
export function hiddenGroupAnswer(
  languageCode: string,
  reason: 'belowThreshold' | 'differencing',
): string {
  const t = translations().getFixedT(answerLanguage(languageCode), 'report');
  return reason === 'differencing' ? t('hiddenDifferencing') : t('hiddenBelowThreshold');
}
