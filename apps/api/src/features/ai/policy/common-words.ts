// First names that are also common words in the survey languages (Finnish, Swedish, English):
// alone, such a name is not masked, or "toivo" (hope), "onni" (luck) and "rose" would become
// [name] in every comment that uses the word. Masked still: the name with the last name, and every
// first name not on this list. Curated from the Finnish, Swedish and English name days and given-
// name lists, kept to words an employee survey comment plausibly uses; lower case.
// prettier-ignore
export const COMMON_WORD_NAMES: ReadonlySet<string> = new Set([
  // Finnish
  'aamu', 'aarre', 'armas', 'aura', 'aurora', 'hilla', 'ilma', 'ilta', 'into', 'kaste', 'kauko',
  'lahja', 'lempi', 'lumi', 'meri', 'mielikki', 'onni', 'oiva', 'rauha', 'rohkea', 'sade', 'satu',
  'sini', 'sointu', 'suvi', 'taimi', 'tähti', 'toivo', 'tuuli', 'tyyne', 'urho', 'usva', 'valo',
  'varma', 'veli', 'viljo', 'voitto', 'kaino', 'kirsi', 'helmi', 'ruusu', 'lilja', 'orvokki',
  'unelma', 'ilo', 'sulo', 'jalo', 'autio', 'aino',
  // Swedish
  'björn', 'ulf', 'vilja', 'saga', 'stig', 'sten', 'ros', 'liv', 'tor', 'dag', 'bo', 'vide', 'sol',
  'hedda', 'love', 'linnea', 'tova', 'ylva', 'frej', 'ro', 'siv', 'tyra',
  // English
  'hope', 'joy', 'faith', 'grace', 'mark', 'bill', 'will', 'rich', 'sunny', 'summer', 'dawn',
  'april', 'may', 'june', 'iris', 'lily', 'ruby', 'amber', 'frank', 'jack', 'carol', 'pat', 'rose',
  'ray', 'rob', 'sue', 'chase', 'hunter', 'page', 'max', 'guy', 'art', 'gene', 'penny', 'victor',
  'miles', 'august', 'autumn', 'river', 'sky', 'star', 'crystal', 'honey', 'heather',
]);

/** True when a first name alone is also a common word (then it is not masked alone). */
export const isCommonWord = (name: string): boolean =>
  COMMON_WORD_NAMES.has(name.trim().toLocaleLowerCase());
