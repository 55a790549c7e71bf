/**
 * Attributes of an element holding text a respondent wrote (an open comment, quoted anywhere):
 * not UI text, so no browser translation of it, and tools (the pseudo-locale check, issue 31) know
 * it is not a text left untranslated. The API carries only the questionnaire's language of a
 * comment, not a detected one, so no `lang` is claimed for it.
 */
export const RESPONDENT_CONTENT = {
  translate: 'no',
  'data-respondent-content': '',
} as const;
