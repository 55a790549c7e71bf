// Open comments (spec section 2): three collapsed sections (trend surveys: better, worse, important),
// a list or distribution-map view, an L-index range filter once every range has enough comments, and
// a PDF export (optionally grouped by topic).
import { Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOpenCommentsRouteQuery } from '../../../__generated__/graphql';
import { readApiError, useErrorMessage } from '../../../lib/errors';
import { CommentAiPanels } from '../../ai';
import { useSession } from '../../../lib/session/session';
import {
  CommentSections,
  type CommentTopicSlot,
  type CommentView,
} from '../comments/CommentSections';
import {
  filterByRange,
  rangeFilterAvailable,
  sectionHeadingKey,
  SECTIONS,
  trendOf,
  type Section,
} from '../comments/commentRules';
import { exportCommentsPdf } from '../comments/commentsPdf';
import { FlameFilter } from '../comments/FlameFilter';
import { ReportPage } from '../components/ReportPage';
import { SuppressedNote } from '../components/SuppressedNote';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';

export function OpenCommentsRoute() {
  const { t } = useTranslation('report');
  const message = useErrorMessage();
  const { account } = useSession();
  const [params] = useSearchParams();
  const { filters, sets, ready, search } = useReportQuery();
  const language = useReportLanguage(filters);
  const [view, setView] = useState<CommentView>('list');
  const [range, setRange] = useState<number | null>(null);
  const [pdfGrouped, setPdfGrouped] = useState(true);
  const { data, loading, error } = useOpenCommentsRouteQuery({
    variables: { sets: sets.slice(0, 1), language },
    skip: !ready,
  });
  const comments = data?.report?.comments;
  const ranges = data?.reportSettings?.commentIndexRanges ?? [];
  const minimum = data?.reportSettings?.minCommentsPerRange ?? Infinity;
  const trend = trendOf(params.get('trend'), comments?.trend ?? false);

  const all = useMemo(
    () => ({
      positive: comments?.positive ?? [],
      negative: comments?.negative ?? [],
      neutral: comments?.neutral ?? [],
    }),
    [comments],
  );
  const filterShown = rangeFilterAvailable(
    SECTIONS.flatMap((section) => all[section]),
    ranges,
    minimum,
  );
  const chosenRange = filterShown ? range : null;
  const shown = Object.fromEntries(
    SECTIONS.map((section) => [section, filterByRange(all[section], ranges, chosenRange)]),
  ) as Record<Section, typeof all.positive>;
  const headings = Object.fromEntries(
    SECTIONS.map((section) => [
      section,
      t(`console.openComments.sections.${sectionHeadingKey(section, trend)}`),
    ]),
  ) as Record<Section, string>;

  // The AI summary and translation beside each topic's comments, for a single survey (the panels
  // show only what the user's role and the survey's settings allow; the code loads on first use).
  const aiSurveyId = filters.wholeData ? undefined : filters.surveyIds[0];
  const besideTopic: CommentTopicSlot | undefined = aiSurveyId
    ? ({ comments: topicComments, name }) => (
        <CommentAiPanels
          surveyId={aiSurveyId}
          comments={topicComments}
          topic={name}
          language={language}
        />
      )
    : undefined;

  // A User reads comments only once the survey shows them: say so rather than a raw FORBIDDEN.
  const notShownYet = error && account?.role === 'USER' && readApiError(error).code === 'FORBIDDEN';
  const title = t('console.openComments.title');
  return (
    <ReportPage
      title={title}
      description={comments?.subtitle}
      search={search}
      exportKind="pdf"
      onExport={
        comments && !comments.suppressed
          ? () =>
              exportCommentsPdf(
                { title, subtitle: comments.subtitle, language },
                {
                  sections: shown,
                  headings,
                  grouped: pdfGrouped,
                  locale: language,
                  emptyText: t('console.openComments.empty'),
                },
              )
          : undefined
      }
      loading={loading}
      error={notShownYet ? t('console.openComments.notShownYet') : error ? message(error) : null}
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
          {filterShown && <FlameFilter ranges={ranges} active={chosenRange} onChange={setRange} />}
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
        <SuppressedNote name={comments.name} />
      ) : (
        comments && (
          <CommentSections
            sections={shown}
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

export { OpenCommentsRoute as Component };
