// The report language: the one chosen in the filters (`lang`), else the signed-in account's own
// language, else the configuration's default report language.
import { useSession } from '../../lib/session/session';
import type { ReportFilterState } from './reportQuery';

export function useReportLanguage(filters: Pick<ReportFilterState, 'language'>): string {
  const { account, configuration } = useSession();
  return filters.language ?? account?.language ?? configuration.reportLanguageCode;
}
