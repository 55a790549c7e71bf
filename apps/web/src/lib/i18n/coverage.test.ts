// Key coverage of every UI language against en-US, printed as a table; en-US, fi-FI and sv must be
// complete. The checks of every language (missing keys, plural forms, placeholders, texts left in
// English) are in the locales workspace: locales/src/locales.test.ts.
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n';
import { UI_LANGUAGES } from './languages';

type Texts = Record<string, unknown>;

const FILES = import.meta.glob<Texts>('../../../../../locales/*/*.json', {
  eager: true,
  import: 'default',
});
const COMPLETE = ['en-US', 'fi-FI', 'sv'];

function read(language: string, namespace: string): Texts {
  const texts = FILES[`../../../../../locales/${language}/${namespace}.json`];
  if (!texts) throw new Error(`locales/${language}/${namespace}.json is missing`);
  return texts;
}

/** 'a.b.0' => text, for every non-empty text in the file. */
function flatten(texts: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof texts === 'string') {
    if (texts.trim() !== '') out.set(prefix, texts);
  } else if (texts && typeof texts === 'object') {
    for (const [key, value] of Object.entries(texts)) {
      for (const [k, v] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

const reference = new Map(NAMESPACES.map((ns) => [ns, flatten(read('en-US', ns))]));

function coverage(language: string) {
  let total = 0;
  let present = 0;
  const missing: string[] = [];
  for (const ns of NAMESPACES) {
    const base = reference.get(ns) ?? new Map<string, string>();
    const texts = flatten(read(language, ns));
    for (const key of base.keys()) {
      total += 1;
      if (texts.has(key)) present += 1;
      else missing.push(`${ns}:${key}`);
    }
  }
  return { language, total, present, missing };
}

const report = UI_LANGUAGES.map(coverage);

describe('translation coverage against en-US', () => {
  it('prints the coverage per language', () => {
    console.table(
      report.map(({ language, total, present }) => ({
        language,
        keys: `${present}/${total}`,
        coverage: `${((100 * present) / total).toFixed(1)} %`,
      })),
    );
    expect(report).toHaveLength(36);
  });

  it.each(COMPLETE)('has every key in %s', (language) => {
    expect(report.find((r) => r.language === language)?.missing).toEqual([]);
  });
});

describe('criterion names in every report language', () => {
  const criteria = flatten(read('en-US', 'report').criteria, 'criteria');
  it('has the 30 criteria and "Something else" in en-US', () => {
    expect([...criteria.keys()].sort()).toEqual(
      [...Array.from({ length: 30 }, (_, i) => i + 2), 99].map((id) => `criteria.${id}`).sort(),
    );
  });

  it.each(UI_LANGUAGES)('names all 31 in %s', (language) => {
    const names = flatten(read(language, 'report').criteria, 'criteria');
    expect([...criteria.keys()].filter((key) => !names.has(key))).toEqual([]);
    // Names, not copies of the English ones (except in English itself).
    if (language !== 'en-US') {
      const same = [...criteria].filter(([key, text]) => names.get(key) === text);
      expect(same.length).toBeLessThan(5);
    }
  });
});
