// The common report page template (spec section 2): title, description, a top control, the report
// body, a bottom control and an export button (SVG for charts, PDF for the others), with a link back
// to the report landing page that keeps the filters.
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconLanguage } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LANGUAGE_NAMES, normalizeLanguage } from '../../../lib/i18n/languages';
import { getHref, paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ChartLanguageContext } from '../charts/chartLang';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';
import { ResultsPreparingNotice } from './ResultsPreparingNotice';

export type ReportExportKind = 'svg' | 'pdf';

export interface ReportPageProps {
  title: string;
  description?: string;
  /** The filters' query string, carried back to /report. */
  search: string;
  /** Controls above the report (toggles, dropdowns). */
  top?: ReactNode;
  /** Controls or notes under the report. */
  bottom?: ReactNode;
  exportKind: ReportExportKind;
  /** Makes and downloads the export; the button waits for it. Omitted: no export button. */
  onExport?: () => Promise<void>;
  loading: boolean;
  /** A message for a failed read (the page body is left out). */
  error?: string | null;
  /** The survey's results are being prepared: a notice instead of the body (useReportRead). */
  preparing?: boolean;
  children: ReactNode;
}

export function ReportPage(props: ReportPageProps) {
  const { t } = useTranslation('report');
  usePageTitle(props.title);
  const language = useReportLanguage(useReportQuery().filters);
  const [exporting, setExporting] = useState(false);
  const runExport = async () => {
    if (!props.onExport) return;
    setExporting(true);
    try {
      await props.onExport();
    } finally {
      setExporting(false);
    }
  };
  const back = props.search ? `${getHref(paths.reports)}?${props.search}` : getHref(paths.reports);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('console.common.backToReports')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm" align="center">
            <Title order={1}>{props.title}</Title>
            {/* The language of the data labels: the UI language until the reader picks another. */}
            <Badge
              variant="light"
              color="gray"
              leftSection={<IconLanguage size={14} aria-hidden />}
              data-testid="report-language"
              style={{ textTransform: 'none' }}
            >
              {t('console.common.reportLanguage', {
                language: LANGUAGE_NAMES[normalizeLanguage(language)],
              })}
            </Badge>
          </Group>
          {props.description && <Text c="dimmed">{props.description}</Text>}
        </Stack>
        {props.onExport && (
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void runExport()}
            loading={exporting}
            disabled={props.loading || Boolean(props.error) || props.preparing}
          >
            {t(
              props.exportKind === 'svg' ? 'console.common.exportSvg' : 'console.common.exportPdf',
            )}
          </Button>
        )}
      </Group>
      {props.top}
      <ErrorAlert message={props.error} />
      {props.preparing ? (
        <ResultsPreparingNotice />
      ) : props.loading ? (
        <Group justify="center" p="xl">
          <Loader aria-label={t('console.common.loading')} />
        </Group>
      ) : (
        !props.error && (
          <Paper p="md">
            <ChartLanguageContext value={language}>{props.children}</ChartLanguageContext>
          </Paper>
        )
      )}
      {props.bottom}
    </Stack>
  );
}
