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

function find(namespace: string, path: string, language: string): string | undefined {
  let node: string | Tree | undefined = load(language, namespace);
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The text in the first of `namespaces` that has `path`, as i18next's fallbackNS finds it. */
function lookup(
  namespaces: string | readonly string[],
  path: string,
  language: string,
  values: Record<string, string>,
): string {
  const names = typeof namespaces === 'string' ? [namespaces] : namespaces;
  const found = names
    .map((namespace) => find(namespace, path, language))
    .find((t) => t !== undefined);
  if (found === undefined) throw new Error(`no text ${names.join('|')}:${path} in ${language}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/**
 * The console's text of key `path` (dotted) in `language`, with {{placeholders}} filled: from
 * `common` (the frame and the sign-in pages) or `admin` (the pages), as the console looks it up.
 */
export function text(
  path: string,
  language = 'en-US',
  values: Record<string, string> = {},
): string {
  return lookup(['common', 'admin'], path, language, values);
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
