// Which language the privacy policy is shown in: the path, else ?language=, else the UI language.
// The policy exists in Finnish, Swedish and English.
export type PrivacyLanguage = 'fi-FI' | 'sv' | 'en-US';

function fromCode(code: string | null | undefined): PrivacyLanguage | null {
  const base = code?.trim().toLowerCase().split(/[-_]/)[0];
  if (base === 'fi') return 'fi-FI';
  if (base === 'sv') return 'sv';
  if (base === 'en') return 'en-US';
  return null;
}

export function privacyLanguage(
  pathLanguage: string | undefined,
  queryLanguage: string | null,
  uiLanguage: string,
): PrivacyLanguage {
  return (
    fromCode(pathLanguage) ??
    fromCode(queryLanguage) ??
    (uiLanguage === 'fi-FI' ? 'fi-FI' : uiLanguage === 'sv' ? 'sv' : 'en-US')
  );
}
