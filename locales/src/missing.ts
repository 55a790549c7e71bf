// Lists what each language lacks against en-US: keys missing and plural forms missing, per file.
//   npm run missing -w @survey/locales            a table of counts per language and file
//   npm run missing -w @survey/locales -- ru pl   the missing keys of those languages
import { coverage, missingKeys, missingPluralForms } from './check.js';
import { NAMESPACES, languageFolders } from './tree.js';

const asked = process.argv.slice(2);
const languages = languageFolders();

if (asked.length === 0) {
  const rows = languages.map((language) => {
    const files = coverage(language);
    const row: Record<string, string | number> = { language };
    let total = 0;
    for (const ns of NAMESPACES) {
      row[ns] = files[ns].missing;
      total += files[ns].missing;
    }
    row.plural = NAMESPACES.reduce((n, ns) => n + missingPluralForms(language, ns).length, 0);
    row.total = total + Number(row.plural);
    return row;
  });
  console.table(rows);
} else {
  for (const language of asked) {
    if (!languages.includes(language)) throw new Error(`no language folder locales/${language}`);
    for (const ns of NAMESPACES)
      for (const f of [...missingKeys(language, ns), ...missingPluralForms(language, ns)])
        console.log(`${language}\t${ns}\t${f.key}`);
  }
}
