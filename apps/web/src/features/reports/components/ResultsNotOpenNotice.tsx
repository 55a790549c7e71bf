// What a reader who reads only ended surveys sees for an open survey (a shared link): when its
// results open, in the UI language with the date written the UI language's way (formatDay).
import { Alert } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@survey/report-slides';
import { normalizeLanguage } from '../../../lib/i18n/languages';

/**
 * The end date as a day in `language` (report-slides' formatDay: d.M.yyyy in Finnish, Swedish and
 * English, as the specification writes it, Intl's way in the other languages); null: no end date.
 */
export function formatEndDay(finished: string | null | undefined, language: string): string | null {
  if (!finished) return null;
  const date = new Date(finished);
  if (Number.isNaN(date.getTime())) return null;
  return formatDay(date, normalizeLanguage(language));
}

export function ResultsNotOpenNotice({
  name,
  finished,
}: {
  name: string;
  finished?: string | null;
}) {
  const { t, i18n } = useTranslation('report');
  const date = formatEndDay(finished, i18n.resolvedLanguage ?? i18n.language);
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconClockHour4 aria-hidden />}
      role="status"
      data-testid="results-not-open"
    >
      {date
        ? t('console.landing.resultsOpenOn', { name, date })
        : t('console.landing.resultsOpen', { name })}
    </Alert>
  );
}
