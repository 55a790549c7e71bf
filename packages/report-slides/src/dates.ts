// How the package writes a day (the cover's end date), in the browser and on the server alike.
// The specification writes dates d.M.yyyy (administration.md): that is the console's format in the
// languages the specification is written for and reviewed in, Finnish, Swedish and English. Every
// other language writes a day the way Intl writes it in that language (docs/languages.md).

/** The languages whose dates follow the specification's d.M.yyyy. */
const SPEC_LANGUAGES = new Set(['fi-FI', 'fi', 'sv', 'en-US', 'en']);
/** The console's own codes that are no BCP 47 tag. */
const REAL_TAG: Record<string, string> = { cz: 'cs', sme: 'se' };

/** The day of `date` (its local calendar day) in `language`: 5.3.2024, or Intl's medium date. */
export function formatDay(date: Date, language: string): string {
  if (SPEC_LANGUAGES.has(language)) {
    return `${date.getDate()}.${date.getMonth() + 1}.${date.getFullYear()}`;
  }
  return new Intl.DateTimeFormat(REAL_TAG[language] ?? language, { dateStyle: 'medium' }).format(
    date,
  );
}
