// Texts live in the @survey/locales workspace (locales/<lang>/<namespace>.json). Each file becomes
// its own chunk, loaded only when its language is needed.
import { pseudoTexts } from '../../../../../locales/src/pseudo';

type Texts = Record<string, unknown>;

const files = import.meta.glob<Texts>('../../../../../locales/*/*.json', { import: 'default' });

/**
 * Set by a layout test (e2e/tests/pseudo-locale.test.ts), never by the console: every language
 * then shows the pseudo-locale made from en-US (docs/languages.md), not a language of its own.
 */
export const PSEUDO_STORAGE_KEY = 'survey-console.pseudo-locale';

function pseudoLocale(): boolean {
  try {
    return localStorage.getItem(PSEUDO_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

async function loadFile(language: string, namespace: string): Promise<Texts> {
  const load = files[`../../../../../locales/${language}/${namespace}.json`];
  return load ? load() : {};
}

export async function loadTexts(language: string, namespace: string): Promise<Texts> {
  if (pseudoLocale()) return pseudoTexts(await loadFile('en-US', namespace)) as Texts;
  return loadFile(language, namespace);
}
