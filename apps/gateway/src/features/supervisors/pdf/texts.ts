// The package slides' texts on the server: locales/<lang>/report.json `console.package.slides`, the
// files the web app loads, looked up as the web's i18next does (the language's own text, else en-US
// key by key; plural forms by the language's real tag, so Czech `cz` uses Czech plural rules).
import { readFile } from 'node:fs/promises';
import { createInstance, type i18n } from 'i18next';
import type { ChartTexts, PackageTexts } from '@survey/report-slides';
import { LOCALES } from './languages.js';

const FALLBACK = 'en-US';
/** The console's own codes that are no BCP 47 tag (the web's htmlLang does the same). */
const REAL_TAG: Record<string, string> = { cz: 'cs', sme: 'se' };

interface PluralResolver {
  getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
}

let instance: Promise<i18n> | undefined;

function texts(): Promise<i18n> {
  instance ??= (async () => {
    const created = createInstance();
    await created.init({
      lng: FALLBACK,
      fallbackLng: FALLBACK,
      load: 'currentOnly',
      ns: ['report'],
      defaultNS: 'report',
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    const resolver = created.services.pluralResolver as PluralResolver;
    const getRule = resolver.getRule.bind(resolver);
    resolver.getRule = (code, options) => getRule(REAL_TAG[code] ?? code, options);
    await addLanguage(created, FALLBACK);
    return created;
  })();
  return instance;
}

async function addLanguage(target: i18n, language: string): Promise<void> {
  if (target.hasResourceBundle(language, 'report')) return;
  const file = new URL(`${language}/report.json`, LOCALES);
  const bundle = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  target.addResourceBundle(language, 'report', bundle, true, true);
}

/**
 * The deck's texts in a console language (a locales folder name such as `fi-FI`, `cz`, `ja`): the
 * slides', and a hidden group's line as the web's SuppressedNote words it (with the reason and the
 * threshold; the generic line when no reason came).
 */
export async function packageTexts(language: string, threshold: number): Promise<PackageTexts> {
  const target = await texts();
  await addLanguage(target, language);
  const slides = target.getFixedT(language, 'report', 'console.package.slides');
  const common = target.getFixedT(language, 'report', 'console.common');
  return {
    slides: (key, options) => slides(key, options ?? {}),
    hidden: (name, reason) =>
      reason
        ? common(`hiddenNamed.${reason}`, { name, threshold })
        : common('suppressedNamed', { name }),
    language,
  };
}

/** The report namespace in a console language, for the package's charts (axis names, legends). */
export async function chartTexts(language: string): Promise<ChartTexts> {
  const target = await texts();
  await addLanguage(target, language);
  const report = target.getFixedT(language, 'report');
  return (key, options) => report(key, options ?? {});
}
