// Reading locales/<lang>/<namespace>.json: the language folders, and each file flattened to
// 'a.b.c' => text, the form every check compares.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const NAMESPACES = ['common', 'admin', 'report', 'questionnaire', 'ai'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const REFERENCE = 'en-US';

/** Dotted key => text. */
export type Texts = Map<string, string>;

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every language folder (a folder holding the reference's files), sorted. */
export function languageFolders(): string[] {
  return readdirSync(root)
    .filter((name) => statSync(`${root}/${name}`).isDirectory())
    .filter((name) => NAMESPACES.every((ns) => exists(`${root}/${name}/${ns}.json`)))
    .sort();
}

function exists(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

const cache = new Map<string, Texts>();

/** A file's texts, flattened; a missing file is an error (each language has all four). */
export function readTexts(language: string, namespace: Namespace): Texts {
  const id = `${language}/${namespace}`;
  let texts = cache.get(id);
  if (!texts) {
    const raw: unknown = JSON.parse(readFileSync(`${root}/${id}.json`, 'utf8'));
    texts = flatten(raw);
    cache.set(id, texts);
  }
  return texts;
}

/** Nested JSON to 'a.b.0' => text; empty or blank strings count as absent, like a missing key. */
export function flatten(tree: unknown, prefix = ''): Texts {
  const out: Texts = new Map();
  if (typeof tree === 'string') {
    if (tree.trim() !== '') out.set(prefix, tree);
  } else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      for (const [k, v] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}
