// The report language (titles, criterion and group names): the one the reader picked in the filters
// (`lang`), else the UI language, so a reader who switches the console to English or Svenska reads
// the data labels in it too (issue 28, point 5). Every UI language is a report language.
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../lib/i18n/languages';
import { useSession } from '../../lib/session/session';
import type { ReportFilterState } from './reportQuery';

/** The language reports use: the picked one, else the UI language, else the default. */
export function reportLanguageOf(
  picked: string | null | undefined,
  uiLanguage: string | undefined,
  defaultLanguage: string,
): string {
  if (picked) return picked;
  return uiLanguage ? normalizeLanguage(uiLanguage) : defaultLanguage;
}

export function useReportLanguage(filters: Pick<ReportFilterState, 'language'>): string {
  const { configuration } = useSession();
  const { i18n } = useTranslation();
  return reportLanguageOf(
    filters.language,
    i18n.resolvedLanguage ?? i18n.language,
    configuration.reportLanguageCode,
  );
}
