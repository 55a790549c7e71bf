// Text handling shared by both engines: language detection (eld), stemming (Snowball) and stopwords
// (stopwords-iso), so Finnish "esihenkilöiden" and "esihenkilö" count as one term.
import { createRequire } from 'node:module';
import type * as EldMedium from 'eld/medium';

const require = createRequire(import.meta.url);
const snowball = require('snowball-stemmers') as {
  algorithms(): string[];
  newStemmer(name: string): { stem(word: string): string };
};
const stopwordLists = require('stopwords-iso') as Record<string, string[]>;

/** ISO 639-1 code to Snowball algorithm; languages without one are lower-cased only. */
const ALGORITHMS: Record<string, string> = {
  ar: 'arabic',
  hy: 'armenian',
  eu: 'basque',
  ca: 'catalan',
  cs: 'czech',
  da: 'danish',
  nl: 'dutch',
  en: 'english',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  hu: 'hungarian',
  it: 'italian',
  ga: 'irish',
  no: 'norwegian',
  nb: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  es: 'spanish',
  sl: 'slovene',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
};

/** Stems kept per algorithm: a search's answer stems its hits' words again and again. */
const STEMS_KEPT = 20_000;

/** A Snowball stemmer with its last stems kept (the same stem, computed once). */
function keptStemmer(algorithm: string) {
  const stemmer = snowball.newStemmer(algorithm);
  const kept = new Map<string, string>();
  return {
    stem(word: string): string {
      let stem = kept.get(word);
      if (stem === undefined) {
        if (kept.size >= STEMS_KEPT) kept.clear();
        kept.set(word, (stem = stemmer.stem(word)));
      }
      return stem;
    },
  };
}

const stemmers = new Map<string, { stem(word: string): string }>();
function stemmerFor(language: string) {
  const algorithm = ALGORITHMS[language];
  if (!algorithm) return undefined;
  let stemmer = stemmers.get(algorithm);
  if (!stemmer) {
    stemmer = keptStemmer(algorithm);
    stemmers.set(algorithm, stemmer);
  }
  return stemmer;
}

const stopSets = new Map<string, Set<string>>();
function stopwords(language: string): Set<string> {
  let set = stopSets.get(language);
  if (!set) {
    set = new Set(stopwordLists[language] ?? []);
    stopSets.set(language, set);
  }
  return set;
}

/** `fi-FI` and `fi` both become `fi`. */
export const baseLanguage = (code: string) => code.toLowerCase().split(/[-_]/)[0] ?? code;

export interface Detected {
  /** ISO 639-1, or `und` when nothing was recognised. */
  language: string;
  /** eld's score of the winner, 0..1. */
  confidence: number;
}

let eldLoading: Promise<typeof EldMedium.eld> | undefined;
// eld's n-gram tables are 2 MB of JavaScript (about 1.5 s of CPU to load): loaded with the first
// detection instead of with every API start and every test file that builds the app.
const loadEld = () => (eldLoading ??= import('eld/medium').then((module) => module.eld));

/**
 * Starts loading eld without waiting for it: a search calls this before it waits for the database
 * (the index and the gate's ids), so the first search of a process does not load it afterwards.
 * A failed load fails the detection that waits for it, not this call.
 */
export function warmLanguageDetection(): void {
  loadEld().catch(() => undefined);
}

export async function detectLanguage(text: string): Promise<Detected> {
  const result = (await loadEld()).detect(text);
  if (!result.language) return { language: 'und', confidence: 0 };
  const score = result.getScores()[result.language] ?? 0;
  return { language: result.language, confidence: Math.round(score * 1000) / 1000 };
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export const words = (text: string): string[] =>
  (text.toLowerCase().match(WORD) ?? []).map((word) => word.replace(/’/g, "'"));

/**
 * Stemmed content terms of a text in `language` (ISO 639-1): stopwords of that language and of
 * English dropped, one-letter words dropped. Unknown languages keep lower-cased words.
 */
export function terms(text: string, language: string): string[] {
  const lang = baseLanguage(language);
  const stop = stopwords(lang);
  const stemmer = stemmerFor(lang);
  const out: string[] = [];
  for (const word of words(text)) {
    if (word.length < 2 || stop.has(word)) continue;
    out.push(stemmer ? stemmer.stem(word) : word);
  }
  return out;
}

/** Terms of a query whose language is unknown: stemmed in each candidate language, deduplicated. */
export function queryTerms(text: string, languages: readonly string[]): string[] {
  const all = new Set<string>();
  for (const language of languages) for (const term of terms(text, language)) all.add(term);
  return [...all];
}
