// Open comments (spec section 2): three collapsed sections (trend surveys: better, worse, important),
// a list or distribution-map view, an L-index range filter once every range has enough comments, and
// a PDF export (optionally grouped by topic). The page reads the counts; the comments come a page at
// a time per section and criterion, of the chosen range (a new range starts the pages over).
import { Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApolloClient } from '@apollo/client/react';
import {
  CommentsPdfDocument,
  useOpenCommentsRouteQuery,
  type CommentSections_CommentFragment,
  type OpenCommentsRouteQuery,
} from '../../../__generated__/graphql';
import { readApiError } from '../../../lib/errors';
import { CommentAiPanels } from '../../ai';
import { useSession } from '../../../lib/session/session';
import {
  CommentSections,
  type CommentTopicSlot,
  type CommentView,
} from '../comments/CommentSections';
import {
  filterByRange,
  sectionHeadingKey,
  sectionOf,
  SECTIONS,
  trendOf,
  type CriterionCount,
  type IndexRange,
  type Section,
} from '../comments/commentRules';
import { exportCommentsPdf } from '../comments/commentsPdf';
import { FlameFilter } from '../comments/FlameFilter';
import { ReportPage } from '../components/ReportPage';
import { SuppressedNote } from '../components/SuppressedNote';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';
import { useReportRead } from '../useReportRead';
import { tileTitleKey } from '../landing';

export function OpenCommentsRoute() {
  const { t } = useTranslation('report');
  const client = useApolloClient();
  const { account } = useSession();
  const [params] = useSearchParams();
  const { filters, sets, ready, search } = useReportQuery();
  const language = useReportLanguage(filters);
  const [view, setView] = useState<CommentView>('list');
  const [range, setRange] = useState<number | null>(null);
  const [pdfGrouped, setPdfGrouped] = useState(true);
  const first = useMemo(() => sets.slice(0, 1), [sets]);
  // The range's bounds come from the last answer's settings (the page keeps showing the last
  // answer while a new range's counts load).
  const [chosen, setChosen] = useState<IndexRange | null>(null);
  const indexRange = chosen && range !== null ? { from: chosen.from, to: chosen.to } : null;
  // Counts from the network each time the page opens: an Admin's hide or unhide shows at once.
  const current = useOpenCommentsRouteQuery({
    variables: { sets: first, language, indexRange },
    skip: !ready,
    fetchPolicy: 'cache-and-network',
  });
  const data = current.data ?? current.previousData;
  const { loading, error } = current;
  const read = useReportRead(current);
  const comments = data?.report?.commentCounts;
  const ranges = data?.reportSettings?.commentIndexRanges ?? [];
  const trend = trendOf(params.get('trend'), comments?.trend ?? false);
  const filterShown = comments?.rangeFilter === true && ranges.length > 0;
  const chosenRange = filterShown ? range : null;
  const counts = useMemo(() => countsBySection(comments?.counts ?? []), [comments]);
  // What the pages are of: a new set, language or range starts them over.
  const source = { sets: first, language, indexRange: chosenRange === null ? null : indexRange };
  const pickRange = (next: number | null) => {
    setRange(next);
    setChosen(next === null ? null : (ranges[next] ?? null));
  };
  const headings = Object.fromEntries(
    SECTIONS.map((section) => [
      section,
      t(`console.openComments.sections.${sectionHeadingKey(section, trend)}`),
    ]),
  ) as Record<Section, string>;

  // The PDF holds every comment of the chosen range: the whole list is read only for it.
  const exportPdf = async () => {
    const { data: whole } = await client.query({
      query: CommentsPdfDocument,
      variables: { sets: first, language },
      fetchPolicy: 'network-only',
    });
    const all = whole?.report?.comments;
    if (!all || all.suppressed || !comments) return;
    const shown = Object.fromEntries(
      SECTIONS.map((section) => [section, filterByRange(all[section] ?? [], ranges, chosenRange)]),
    ) as Record<Section, CommentSections_CommentFragment[]>;
    await exportCommentsPdf(
      { title, subtitle: comments.subtitle, language },
      {
        sections: shown,
        headings,
        grouped: pdfGrouped,
        locale: language,
        emptyText: t('console.openComments.empty'),
      },
    );
  };

  // The AI summary and translation beside each topic's comments, for a single survey (the panels
  // show only what the user's role and the survey's settings allow; the code loads on first use).
  const aiSurveyId = filters.wholeData ? undefined : filters.surveyIds[0];
  const besideTopic: CommentTopicSlot | undefined = aiSurveyId
    ? ({ comments: topicComments, readIds, name }) => (
        <CommentAiPanels
          surveyId={aiSurveyId}
          comments={topicComments}
          readIds={readIds}
          topic={name}
          language={language}
        />
      )
    : undefined;

  // A User reads comments only once the survey shows them: say so rather than a raw FORBIDDEN.
  const notShownYet = error && account?.role === 'USER' && readApiError(error).code === 'FORBIDDEN';
  const title = t(tileTitleKey('openComments'));
  return (
    <ReportPage
      title={title}
      description={comments?.subtitle}
      search={search}
      exportKind="pdf"
      onExport={comments && !comments.suppressed ? exportPdf : undefined}
      loading={loading && !data}
      error={notShownYet ? t('console.openComments.notShownYet') : read.error}
      preparing={read.preparing}
      top={
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="open-comments-view">
              {t('console.openComments.view')}
            </Text>
            <SegmentedControl
              aria-labelledby="open-comments-view"
              value={view}
              onChange={(value) => setView(value === 'map' ? 'map' : 'list')}
              data={[
                { value: 'list', label: t('console.openComments.list') },
                { value: 'map', label: t('console.openComments.map') },
              ]}
            />
          </Stack>
          {filterShown && <FlameFilter ranges={ranges} active={chosenRange} onChange={pickRange} />}
        </Group>
      }
      bottom={
        <Checkbox
          label={t('console.openComments.pdfGrouped')}
          checked={pdfGrouped}
          onChange={(event) => setPdfGrouped(event.currentTarget.checked)}
        />
      }
    >
      {comments?.suppressed ? (
        <SuppressedNote name={comments.name} reason={comments.suppressedBecause} />
      ) : (
        comments && (
          <CommentSections
            counts={counts}
            source={source}
            trend={trend}
            view={view}
            locale={language}
            besideTopic={besideTopic}
          />
        )
      )}
    </ReportPage>
  );
}

type Counts = NonNullable<
  NonNullable<NonNullable<OpenCommentsRouteQuery['report']>['commentCounts']>['counts']
>;

/** The counts per section, each criterion with its count (in the answer's order). */
function countsBySection(counts: Counts): Record<Section, CriterionCount[]> {
  const bySection: Record<Section, CriterionCount[]> = { positive: [], negative: [], neutral: [] };
  for (const { type, criterion, count } of counts) {
    const section = sectionOf(type);
    if (section) bySection[section].push({ criterion, count });
  }
  return bySection;
}

export { OpenCommentsRoute as Component };
