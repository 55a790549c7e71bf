// The pseudo-locale: en-US with every letter accented and about 35 % longer, in brackets, for
// layout and coverage tests (docs/languages.md). Placeholders, tags and nesting stay as they are.
// Not a language of the console: the web app turns en-US into it only when a test asks.

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    [...'áƀçðéƒĝĥíĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÍĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i] ?? letter,
  ]),
);

/** Tokens kept verbatim: {{placeholders}}, <tags>, $t(nesting). */
const TOKEN = /({{[^}]*}}|<[^>]*>|\$t\([^)]*\))/;

/** One text in the pseudo-locale: '[Ŝåvé ··]' for 'Save'. */
export function pseudoText(text: string): string {
  const accented = text
    .split(TOKEN)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c)))
    .join('');
  const letters = text.replace(new RegExp(TOKEN, 'g'), '').length;
  const extra = Math.max(0, Math.round(letters * 0.35) - 2);
  // Padding in short words, so it wraps where a real longer translation would.
  const padding = Array.from({ length: Math.ceil(extra / 5) }, (_, i) =>
    '·'.repeat(Math.min(5, extra - i * 5)),
  ).join(' ');
  return `[${accented}${padding ? ` ${padding}` : ''}]`;
}

/** A whole texts file (nested objects) in the pseudo-locale. */
export function pseudoTexts(tree: unknown): unknown {
  if (typeof tree === 'string') return pseudoText(tree);
  if (Array.isArray(tree)) return tree.map(pseudoTexts);
  if (tree && typeof tree === 'object')
    return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, pseudoTexts(v)]));
  return tree;
}
