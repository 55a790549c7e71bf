// The body shared by the overall satisfaction and the L-index comparison pages: the comparison
// toggle (left out for all data), one histogram of every shown group and the groups' means.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  IndexComparison_ChoicesFragment,
  IndexComparison_DistributionFragment,
} from '../../../__generated__/graphql';
import type { ChartHandle } from '../charts/Chart';
import { exportChartSvg } from '../charts/exportChartSvg';
import { HistogramChart } from '../charts/HistogramChart';
import { ReportPage } from '../components/ReportPage';
import { SuppressedNote } from '../components/SuppressedNote';
import { groupingOptions } from '../tables/groupingChoices';
import type { ReportQuery } from '../useReportQuery';
import { ComparisonToggle } from './ComparisonToggle';
import { GroupNotes } from './GroupNotes';

interface IndexComparisonPageProps {
  title: string;
  /** The index's short name for the means under the chart (S-index, L-index). */
  indexName: string;
  query: ReportQuery;
  distribution: IndexComparison_DistributionFragment | null | undefined;
  choices: IndexComparison_ChoicesFragment | null | undefined;
  surveys: readonly { id: string; name: string }[] | null | undefined;
  thresholds: readonly number[];
  loading: boolean;
  error: string | null;
  /** The survey's results are being prepared (useReportRead). */
  preparing: boolean;
}

export function IndexComparisonPage(props: IndexComparisonPageProps) {
  const { t } = useTranslation('report');
  const { query, distribution } = props;
  const chart = useRef<ChartHandle>(null);
  const groups = distribution?.groups ?? [];
  const anyShown = groups.some((group) => !group.suppressed);
  return (
    <ReportPage
      title={props.title}
      description={distribution?.subtitle}
      search={query.search}
      exportKind="svg"
      onExport={anyShown ? () => exportChartSvg(chart.current, props.title) : undefined}
      loading={props.loading}
      error={props.error}
      preparing={props.preparing}
      top={
        !query.filters.wholeData && (
          <ComparisonToggle
            filters={query.filters}
            update={query.update}
            groupings={groupingOptions(props.choices)}
            surveys={props.surveys ?? []}
          />
        )
      }
    >
      {anyShown ? (
        <HistogramChart
          ref={chart}
          groups={groups}
          thresholds={props.thresholds}
          label={t('console.charts.histogramLabel', { name: props.indexName })}
        />
      ) : (
        groups.length === 0 && <SuppressedNote />
      )}
      <GroupNotes
        valueLabel={props.indexName}
        groups={groups.map((group) => ({ ...group, value: group.average }))}
      />
    </ReportPage>
  );
}
