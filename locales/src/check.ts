// The checks every language is held to against en-US: missing keys, keys en-US lacks, placeholders
// and tags, plural forms for the language's rules, and texts left in English.
import { isAllowedIdentical } from './cognates.js';
import { pluralCategories, pluralGroups, singleNumber, splitPlural } from './plurals.js';
import { NAMESPACES, REFERENCE, readTexts, type Namespace, type Texts } from './tree.js';

/** One finding: `namespace:key`, and for some checks what is wrong. */
export interface Finding {
  namespace: Namespace;
  key: string;
  detail?: string;
}

interface Expected {
  /** Keys the language must have: plain keys, and each plural group in the language's categories. */
  keys: Map<string, { reference: string; category?: string; group?: string }>;
  groups: Map<string, Set<string>>;
}

function expected(language: string, namespace: Namespace): Expected {
  const reference = readTexts(REFERENCE, namespace);
  const groups = pluralGroups(reference.keys());
  const keys: Expected['keys'] = new Map();
  for (const [key, text] of reference) {
    const plural = splitPlural(key);
    if (!plural || !groups.has(plural.base)) keys.set(key, { reference: text });
  }
  const categories = pluralCategories(language);
  for (const base of groups.keys()) {
    const other = reference.get(`${base}_other`) ?? '';
    for (const category of categories) {
      const text = reference.get(`${base}_${category}`) ?? other;
      keys.set(`${base}_${category}`, { reference: text, category, group: base });
    }
  }
  return { keys, groups: new Map([...groups].map(([b, f]) => [b, new Set(f)])) };
}

const groupPresent = (texts: Texts, base: string) =>
  [...texts.keys()].some((key) => splitPlural(key)?.base === base);

/** Keys of en-US the language lacks (a plural group counts once per form it needs). */
export function missingKeys(language: string, namespace: Namespace): Finding[] {
  const texts = readTexts(language, namespace);
  const { keys } = expected(language, namespace);
  return [...keys]
    .filter(([key, info]) => !texts.has(key) && !(info.group && groupPresent(texts, info.group)))
    .map(([key]) => ({ namespace, key }));
}

/** A plural group the language has begun but without every form its plural rules need. */
export function missingPluralForms(language: string, namespace: Namespace): Finding[] {
  const texts = readTexts(language, namespace);
  const { keys } = expected(language, namespace);
  return [...keys]
    .filter(([key, info]) => info.group && !texts.has(key) && groupPresent(texts, info.group))
    .map(([key]) => ({ namespace, key, detail: `needs ${pluralCategories(language).join(', ')}` }));
}

/** Keys en-US lacks: a stale or misspelt key, or a plural form the language has no use for. */
export function extraKeys(language: string, namespace: Namespace): Finding[] {
  const texts = readTexts(language, namespace);
  const { keys } = expected(language, namespace);
  return [...texts.keys()].filter((key) => !keys.has(key)).map((key) => ({ namespace, key }));
}

/** {{names}} (a format after a comma ignored) and tags (<1>, <strong>, </strong>, <br/>). */
export function placeholders(text: string): string[] {
  const names = [...text.matchAll(/{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g)].map((m) => `{{${m[1]}}}`);
  const tags = [...text.matchAll(/<\/?\s*[\w-]+\s*\/?>/g)].map((m) => m[0].replace(/\s/g, ''));
  return [...names, ...tags].sort();
}

/** Texts whose placeholders or tags differ from en-US (a plural form naming one number may drop {{count}}). */
export function placeholderMismatches(language: string, namespace: Namespace): Finding[] {
  const texts = readTexts(language, namespace);
  const findings: Finding[] = [];
  for (const [key, info] of expected(language, namespace).keys) {
    const text = texts.get(key);
    if (text === undefined) continue;
    let want = placeholders(info.reference);
    const mayDropCount =
      info.category !== undefined && singleNumber(language, info.category as 'one');
    if (mayDropCount && !text.includes('{{count}}')) want = want.filter((p) => p !== '{{count}}');
    const got = placeholders(text);
    if (got.join(' ') !== want.join(' '))
      findings.push({ namespace, key, detail: `has ${got.join(' ')}; en-US ${want.join(' ')}` });
  }
  return findings;
}

/** Texts the same as en-US's, where the language surely says it otherwise (cognates.ts allows some). */
export function identicalToEnglish(language: string, namespace: Namespace): Finding[] {
  if (language === REFERENCE) return [];
  const texts = readTexts(language, namespace);
  const findings: Finding[] = [];
  for (const [key, info] of expected(language, namespace).keys) {
    const text = texts.get(key);
    if (text === undefined || text.trim() !== info.reference.trim()) continue;
    if (!isAllowedIdentical(language, text)) findings.push({ namespace, key, detail: text });
  }
  return findings;
}

export type Check = (language: string, namespace: Namespace) => Finding[];

/** A check over every file of a language. */
export const overFiles = (check: Check, language: string): Finding[] =>
  NAMESPACES.flatMap((namespace) => check(language, namespace));

/** How many keys a language has of those it needs, per file. */
export function coverage(language: string): Record<Namespace, { needed: number; missing: number }> {
  const entries = NAMESPACES.map((ns) => {
    const needed = expected(language, ns).keys.size;
    return [ns, { needed, missing: missingKeys(language, ns).length }] as const;
  });
  return Object.fromEntries(entries) as Record<Namespace, { needed: number; missing: number }>;
}
