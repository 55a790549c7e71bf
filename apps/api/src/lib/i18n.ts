import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.js';

const FALLBACK = 'en-US';
const ALIASES: Record<string, string> = { fi: 'fi-FI', en: 'en-US' };
type Tree = { [key: string]: string | Tree };

/** admin.json holds the console and email texts, report.json the texts of reports. */
export type Namespace = 'admin' | 'report';

const cache = new Map<string, Tree | undefined>();

// The same locales/<lang>/<namespace>.json files the web uses, so a text is translated in one place.
function load(language: string, namespace: Namespace): Tree | undefined {
  const cacheKey = `${namespace}:${language}`;
  if (!cache.has(cacheKey)) {
    let tree: Tree | undefined;
    if (/^[a-zA-Z-]+$/.test(language)) {
      try {
        const file = path.join(repoRoot, 'locales', language, `${namespace}.json`);
        tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
      } catch {
        tree = undefined; // a language without these texts falls back to en-US
      }
    }
    cache.set(cacheKey, tree);
  }
  return cache.get(cacheKey);
}

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** True when the language itself (not its en-US fallback) has a text for the key. */
export function hasText(language: string, key: string, namespace: Namespace = 'admin'): boolean {
  return lookup(load(ALIASES[language] ?? language, namespace), key) !== undefined;
}

/** A translator for one language; missing keys fall back to en-US, then to the key itself. */
export function translator(language: string, namespace: Namespace = 'admin') {
  const lang = ALIASES[language] ?? language;
  return (key: string, values: Record<string, string> = {}): string => {
    const text =
      lookup(load(lang, namespace), key) ?? lookup(load(FALLBACK, namespace), key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
  };
}
