// The console languages a package PDF can be made in: the locales folders (en-US, fi-FI, cz, ja, …),
// matched without regard to case; anything else is refused (the code names a file to read).
import { readdirSync, existsSync } from 'node:fs';

export const LOCALES = new URL('../../../../../../locales/', import.meta.url);

let known: Map<string, string> | undefined;

export function consoleLanguage(code: string): string | undefined {
  known ??= new Map(
    readdirSync(LOCALES, { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/report.json`, LOCALES)),
      )
      .map((entry) => [entry.name.toLowerCase(), entry.name]),
  );
  return known.get(code.toLowerCase());
}
