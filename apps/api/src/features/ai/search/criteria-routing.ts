// Routing a question to the survey's criteria (docs/ai.md "Retrieval"). Every comment belongs to a
// criterion; a question about pay is about the comments filed under "Pay and benefits". A criterion's
// profile holds the stems of its name in every report language (locales/<lang>/report.json, 36
// languages) and the curated workplace lexicon (lexicon/workplace.ts, fi/sv/en). A query's words
// (stemmed in each candidate language, and as written for the lexicon's stem prefixes) vote for the
// criteria whose profile holds them; a word shared by several criteria splits its vote. The result
// is a weight per criterion, 1 for the best, and the terms the query is expanded with.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../../lib/paths.js';
import { baseLanguage, terms, words } from './text.js';
import { ROUTING_STOPWORDS, WORKPLACE_LEXICON, type Lexicon } from './lexicon/workplace.js';

/** Criteria a question may be routed to (99 "Something else" is about nothing in particular). */
const ROUTABLE = (id: number) => id >= 2 && id <= 31;
/** Locale folders whose name is not an ISO 639-1 code. */
const LOCALE_LANGUAGE: Record<string, string> = { cz: 'cs', sme: 'se' };
/** Shortest lexicon stem looked for inside a compound word, and where in the word it may start. */
const COMPOUND_CORE = 5;
const COMPOUND_START = 3;

interface Entry {
  criterion: number;
  /** Stems that must all occur (a phrase), or one stem prefix. */
  stems: string[];
  prefix: boolean;
}

export interface CriteriaProfiles {
  /** Entries by their first stem (plain entries). */
  readonly plain: ReadonlyMap<string, readonly Entry[]>;
  readonly prefixes: readonly Entry[];
  /** Expansion material per criterion: plain stems and stem prefixes. */
  readonly expansions: ReadonlyMap<number, { stems: string[]; prefixes: string[] }>;
  /** Words and stems routing ignores (lexicon/workplace.ts ROUTING_STOPWORDS). */
  readonly ignored: ReadonlySet<string>;
  /** Stems of 5+ letters a compound may end in ("työporukassa" holds "poruk"). */
  readonly compounds: readonly { core: string; criterion: number }[];
}

export interface Routing {
  /** Weight per criterion, the best 1; empty when the question names no topic the survey knows. */
  weights: Map<number, number>;
}

function addEntry(profiles: Mutable, entry: Entry) {
  if (entry.stems.length === 0 || entry.stems.some((stem) => stem.length < 2)) return;
  if (entry.prefix) profiles.prefixes.push(entry);
  else {
    const first = entry.stems[0] as string;
    const list = profiles.plain.get(first) ?? [];
    if (!list.some((e) => e.criterion === entry.criterion && e.stems.join() === entry.stems.join()))
      list.push(entry);
    profiles.plain.set(first, list);
  }
  let expansion = profiles.expansions.get(entry.criterion);
  if (!expansion)
    profiles.expansions.set(entry.criterion, (expansion = { stems: [], prefixes: [] }));
  if (entry.prefix) expansion.prefixes.push(entry.stems[0] as string);
  else expansion.stems.push(...entry.stems);
}

interface Mutable {
  plain: Map<string, Entry[]>;
  prefixes: Entry[];
  expansions: Map<number, { stems: string[]; prefixes: string[] }>;
  ignored: Set<string>;
  compounds: { core: string; criterion: number }[];
}

/** Criterion names of every report language: `[language, { id: name }]`. */
export function criterionNames(root = repoRoot): [string, Record<string, string>][] {
  const dir = path.join(root, 'locales');
  const out: [string, Record<string, string>][] = [];
  for (const folder of readdirSync(dir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    try {
      const report = JSON.parse(
        readFileSync(path.join(dir, folder.name, 'report.json'), 'utf8'),
      ) as { criteria?: Record<string, string> };
      if (report.criteria)
        out.push([LOCALE_LANGUAGE[folder.name] ?? baseLanguage(folder.name), report.criteria]);
    } catch {
      // a folder without report texts names no criteria
    }
  }
  return out;
}

/** Profiles from the criterion names and a lexicon. */
export function buildProfiles(
  names: readonly [string, Record<string, string>][],
  lexicon: Lexicon = WORKPLACE_LEXICON,
): CriteriaProfiles {
  const ignored = new Set<string>();
  for (const [language, list] of Object.entries(ROUTING_STOPWORDS))
    for (const raw of list.split(',')) {
      const word = raw.trim().toLowerCase();
      if (!word) continue;
      ignored.add(word);
      for (const stem of terms(word, language)) ignored.add(stem);
    }
  const profiles: Mutable = {
    plain: new Map(),
    prefixes: [],
    expansions: new Map(),
    ignored,
    compounds: [],
  };
  for (const [language, criteria] of names)
    for (const [id, name] of Object.entries(criteria)) {
      const criterion = Number(id);
      if (!ROUTABLE(criterion)) continue;
      // Each word of the name alone, and the whole name as a phrase.
      for (const stem of terms(name, language))
        if (stem.length >= 3 && !ignored.has(stem))
          addEntry(profiles, { criterion, stems: [stem], prefix: false });
    }
  for (const [id, byLanguage] of Object.entries(lexicon))
    for (const [language, list] of Object.entries(byLanguage))
      for (const raw of list.split(',')) {
        const entry = raw.trim().toLowerCase();
        if (!entry) continue;
        const criterion = Number(id);
        const core = entry.includes(' ') ? undefined : terms(entry.replace('*', ''), language)[0];
        if (core && core.length >= COMPOUND_CORE) profiles.compounds.push({ core, criterion });
        // A phrase is matched by its words' stems (a `*` on a phrase's word is dropped).
        if (entry.endsWith('*') && !entry.includes(' '))
          addEntry(profiles, { criterion, stems: [entry.slice(0, -1)], prefix: true });
        else
          addEntry(profiles, {
            criterion,
            stems: terms(entry.replace(/\*/g, ''), language),
            prefix: false,
          });
      }
  return profiles;
}

let defaultProfiles: CriteriaProfiles | undefined;
/** The profiles of this installation's locales and the workplace lexicon, built once. */
export const criteriaProfiles = () => (defaultProfiles ??= buildProfiles(criterionNames()));

/**
 * Routes a query: each of its words, as written and stemmed in each candidate language, votes for
 * the criteria whose profile holds it (a phrase when all its stems occur in the query, a stem prefix
 * when a form starts with it); a word matching several criteria splits its one vote. The weights are
 * scaled so the best criterion has 1.
 */
export function route(
  profiles: CriteriaProfiles,
  query: string,
  languages: readonly string[],
): Routing {
  const forms: Set<string>[] = [];
  for (const word of words(query)) {
    const stems = languages.map((language) => terms(word, language));
    // A stopword in any candidate language ("vi", "for") and the ignored words say nothing.
    if (stems.some((list) => list.length === 0) || profiles.ignored.has(word)) continue;
    forms.push(new Set([word, ...stems.flat()].filter((form) => !profiles.ignored.has(form))));
  }
  const present = new Set(forms.flatMap((set) => [...set]));
  const scores = new Map<number, number>();
  for (const set of forms) {
    const criteria = new Set<number>();
    for (const form of set) {
      for (const entry of profiles.plain.get(form) ?? [])
        if (entry.stems.every((stem) => present.has(stem))) criteria.add(entry.criterion);
      for (const entry of profiles.prefixes)
        if (form.startsWith(entry.stems[0] as string)) criteria.add(entry.criterion);
      if (form.length >= COMPOUND_START + COMPOUND_CORE)
        for (const { core, criterion } of profiles.compounds)
          if (form.includes(core, COMPOUND_START)) criteria.add(criterion);
    }
    for (const criterion of criteria)
      scores.set(criterion, (scores.get(criterion) ?? 0) + 1 / criteria.size);
  }
  const best = Math.max(0, ...scores.values());
  const weights = new Map<number, number>();
  if (best > 0) for (const [criterion, score] of scores) weights.set(criterion, score / best);
  return { weights };
}

/**
 * Expansion terms for BM25: the profile stems of the criteria routed to with at least `minWeight`,
 * weighted by the criterion's weight times `factor`; prefixes are resolved against `vocabulary`
 * (the index's terms, sorted). The query's own terms keep weight 1.
 */
export function expandQuery(
  profiles: CriteriaProfiles,
  routing: Routing,
  queryStems: readonly string[],
  vocabulary: readonly string[],
  options: { factor: number; minWeight: number },
): Map<string, number> {
  const weights = new Map<string, number>(queryStems.map((stem) => [stem, 1]));
  const add = (term: string, weight: number) => {
    if ((weights.get(term) ?? 0) < weight) weights.set(term, weight);
  };
  for (const [criterion, routeWeight] of routing.weights) {
    if (routeWeight < options.minWeight) continue;
    const expansion = profiles.expansions.get(criterion);
    if (!expansion) continue;
    const weight = options.factor * routeWeight;
    for (const stem of expansion.stems) add(stem, weight);
    for (const prefix of expansion.prefixes)
      for (const term of withPrefix(vocabulary, prefix)) add(term, weight);
  }
  return weights;
}

/** The terms of a sorted vocabulary that start with `prefix` (binary search, then a scan). */
export function withPrefix(vocabulary: readonly string[], prefix: string): string[] {
  let lo = 0;
  let hi = vocabulary.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((vocabulary[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < vocabulary.length && (vocabulary[i] as string).startsWith(prefix); i++)
    out.push(vocabulary[i] as string);
  return out;
}
