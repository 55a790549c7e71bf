// Texts a language may share with en-US. Everything else identical to English is a text left
// untranslated. Only words that are truly the same in the language belong here.

/** Names and abbreviations that stay as they are in every language (removed before comparing). */
const UNIVERSAL = ['Survey Console', 'AI Labs', 'eNPS', 'beta', 'OK', '©'];

/** Per language: whole texts (compared trimmed) that are the same words in that language. */
const COGNATES: Record<string, readonly string[]> = {
  cz: [
    'L-index',
    'L-index {{from}}–{{to}}',
    'S-index',
    'Role',
    'Data',
    '{{count}} respondent',
    '{{name}}: {{count}} respondent',
    '{{name}}: {{label}} {{value}}, {{count}} respondent',
  ],
  de: [
    'Original',
    'Dashboard',
    'Hybrid',
    'Neutral',
    'Name',
    'Position',
    'Administrator',
    'Status',
    'Top 10',
    'PIN',
  ],
  es: ['Original', 'No', 'Supervisor', 'Error: {{message}}', 'Neutral'],
  'fi-FI': ['Top 10', 'Top 11–20', 'Top 21–30'],
  fr: [
    'Original',
    'Manager',
    'Expert',
    'Important',
    'Score {{score}}',
    'Question',
    'Participants',
    'participants',
    'Participation',
    'Page {{page}}',
  ],
  hu: ['L-index', 'L-index {{from}}–{{to}}', 'S-index'],
  hr: ['Status', 'Administrator', 'PIN'],
  it: ['Manager', 'Dashboard', 'No', 'Password', 'Part-time'],
  nl: [
    'L-index',
    'L-index {{from}}–{{to}}',
    'S-index',
    'Manager',
    'Dashboard',
    'Score {{score}}',
    'Gender',
    'Filters',
    'Vector',
    'Status',
    'Top 10',
    'Top 11–20',
    'Top 21–30',
    '{{count}} respondent',
    '{{name}}: {{count}} respondent',
    '{{name}}: {{label}} {{value}}, {{count}} respondent',
  ],
  no: [
    'Original',
    'Hybrid',
    'Under 25',
    'under 25',
    'under 60',
    'Negative',
    'Positive',
    'Start',
    'Status',
    'Administrator',
  ],
  ro: [
    'Original',
    'Manager',
    'Expert',
    'Important',
    'Negative',
    'Administrator',
    '{{count}} respondent',
    '{{name}}: {{count}} respondent',
    '{{name}}: {{label}} {{value}}, {{count}} respondent',
  ],
  sk: [
    'L-index',
    'L-index {{from}}–{{to}}',
    'S-index',
    '{{count}} respondent',
    '{{name}}: {{count}} respondent',
    '{{name}}: {{label}} {{value}}, {{count}} respondent',
  ],
  pl: [
    'Administrator',
    'Status',
    '{{count}} respondent',
    '{{name}}: {{count}} respondent',
    '{{name}}: {{label}} {{value}}, {{count}} respondent',
  ],
  sl: ['PIN'],
  sr: ['Original', 'Status', 'Administrator', 'Period', 'PIN'],
  sv: [
    'Original',
    'L-index',
    'L-index {{from}}–{{to}}',
    'S-index',
    'Hybrid',
    'Expert',
    'Neutral',
    'Status',
    'Under 25',
    'under 25',
    'under 60',
    'Period',
    'Data',
    'All data',
  ],
  vi: ['Email'],
};

/** True when a text may be identical to en-US in `language`. */
export function isAllowedIdentical(language: string, text: string): boolean {
  if ((COGNATES[language] ?? []).includes(text.trim())) return true;
  let bare = text.replace(/{{[^}]*}}|<[^>]*>/g, ' ');
  for (const name of UNIVERSAL) bare = bare.split(name).join(' ');
  // Nothing left but numbers, symbols and placeholders: nothing to translate.
  return !/\p{L}/u.test(bare);
}
