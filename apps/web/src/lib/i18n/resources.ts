// Texts live in the @survey/locales workspace (locales/<lang>/<namespace>.json). Each file becomes
// its own chunk, loaded only when its language is needed.
type Texts = Record<string, unknown>;

const files = import.meta.glob<Texts>('../../../../../locales/*/*.json', { import: 'default' });

export async function loadTexts(language: string, namespace: string): Promise<Texts> {
  const load = files[`../../../../../locales/${language}/${namespace}.json`];
  return load ? load() : {};
}
