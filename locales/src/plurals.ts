// Plural forms the way i18next (JSON v4) reads them: `key_one`, `key_few`, `key_many`, `key_other`
// (and `_zero`, `_two`), the categories of Intl.PluralRules for the language.

/** The BCP 47 tag of a language folder: the console's own 'cz' and 'sme' are 'cs' and 'se'. */
export function intlTag(folder: string): string {
  if (folder === 'cz') return 'cs';
  if (folder === 'sme') return 'se';
  return folder;
}

const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof CATEGORIES)[number];
const SUFFIX = new RegExp(`^(.+)_(${CATEGORIES.join('|')})$`);

/** The cardinal categories a language needs, in CLDR order. */
export function pluralCategories(folder: string): PluralCategory[] {
  const rules = new Intl.PluralRules(intlTag(folder));
  const tag = rules.resolvedOptions().locale;
  if (tag.split('-')[0] !== intlTag(folder).split('-')[0])
    throw new Error(`Intl has no plural rules for ${folder} (resolved to ${tag})`);
  const used = new Set(rules.resolvedOptions().pluralCategories);
  return CATEGORIES.filter((c) => used.has(c));
}

/** `a.b_few` => { base: 'a.b', category: 'few' }; undefined for a key without a plural suffix. */
export function splitPlural(key: string): { base: string; category: PluralCategory } | undefined {
  const match = SUFFIX.exec(key);
  return match ? { base: match[1] ?? '', category: match[2] as PluralCategory } : undefined;
}

/** The plural groups of a file: base key => the categories present (a group needs `_other`). */
export function pluralGroups(keys: Iterable<string>): Map<string, Set<PluralCategory>> {
  const groups = new Map<string, Set<PluralCategory>>();
  for (const key of keys) {
    const plural = splitPlural(key);
    if (!plural) continue;
    const forms = groups.get(plural.base) ?? new Set<PluralCategory>();
    forms.add(plural.category);
    groups.set(plural.base, forms);
  }
  for (const [base, forms] of groups) if (!forms.has('other')) groups.delete(base);
  return groups;
}

/**
 * True when the category stands for one number only (English 'one' = 1), so its text may say the
 * number in words; Russian 'one' (1, 21, 31 ...) must show {{count}}.
 */
export function singleNumber(folder: string, category: PluralCategory): boolean {
  const rules = new Intl.PluralRules(intlTag(folder));
  let hits = 0;
  for (let n = 0; n <= 1000 && hits < 2; n += 1) if (rules.select(n) === category) hits += 1;
  return hits === 1;
}
