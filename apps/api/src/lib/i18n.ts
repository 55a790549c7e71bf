import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.js';

const FALLBACK = 'en-US';
const ALIASES: Record<string, string> = { fi: 'fi-FI', en: 'en-US' };
type Tree = { [key: string]: string | Tree };

const cache = new Map<string, Tree | undefined>();

// The same locales/<lang>/admin.json files the web uses, so a text is translated in one place.
function load(language: string): Tree | undefined {
  if (!cache.has(language)) {
    let tree: Tree | undefined;
    if (/^[a-zA-Z-]+$/.test(language)) {
      try {
        const file = path.join(repoRoot, 'locales', language, 'admin.json');
        tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
      } catch {
        tree = undefined; // a language without admin texts falls back to en-US
      }
    }
    cache.set(language, tree);
  }
  return cache.get(language);
}

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A translator for one language; missing keys fall back to en-US, then to the key itself. */
export function translator(language: string) {
  const lang = ALIASES[language] ?? language;
  return (key: string, values: Record<string, string> = {}): string => {
    const text = lookup(load(lang), key) ?? lookup(load(FALLBACK), key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
  };
}
