// Expected texts come from the same locale files the console renders, never copied into tests.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

function load(language: string, namespace: string): Tree {
  const key = `${language}/${namespace}`;
  let tree = cache.get(key);
  if (!tree) {
    const path = fileURLToPath(new URL(`../../locales/${key}.json`, import.meta.url));
    tree = JSON.parse(readFileSync(path, 'utf8')) as Tree;
    cache.set(key, tree);
  }
  return tree;
}

function lookup(
  namespace: string,
  path: string,
  language: string,
  values: Record<string, string>,
): string {
  let node: string | Tree | undefined = load(language, namespace);
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${namespace}:${path} in ${language}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** The text of `admin` key `path` (dotted) in `language`, with {{placeholders}} filled. */
export function text(
  path: string,
  language = 'en-US',
  values: Record<string, string> = {},
): string {
  return lookup('admin', path, language, values);
}

/** The text of `report` key `path` (dotted) in `language`, with {{placeholders}} filled. */
export function reportText(
  path: string,
  language = 'en-US',
  values: Record<string, string> = {},
): string {
  return lookup('report', path, language, values);
}

/** The text of `questionnaire` key `path` (dotted) in `language`, with {{placeholders}} filled. */
export function questionnaireText(
  path: string,
  language = 'en-US',
  values: Record<string, string> = {},
): string {
  return lookup('questionnaire', path, language, values);
}

/** The text of `ai` key `path` (dotted) in `language`, with {{placeholders}} filled. */
export function aiText(
  path: string,
  language = 'en-US',
  values: Record<string, string> = {},
): string {
  return lookup('ai', path, language, values);
}
