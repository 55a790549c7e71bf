// What a report page shows while its survey's results are being prepared (RESULTS_PREPARING, the
// API building the survey's anonymity gate): that they come, and that the page reads again on its
// own (useReportRead), instead of an error the reader can do nothing about.
import { Alert, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ResultsPreparingNotice() {
  const { t } = useTranslation('report');
  return (
    <Alert
      color="blue"
      variant="light"
      role="status"
      aria-live="polite"
      data-testid="results-preparing"
      icon={<Loader size="sm" aria-hidden />}
      title={t('console.common.preparing.title')}
    >
      <Text size="sm">{t('console.common.preparing.body')}</Text>
    </Alert>
  );
}
