// The comparison part of the filter panel: none, up to two surveys, or the groups of a breakdown.
// Switching keeps only the last compared survey and the last grouping.
import { Checkbox, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportGrouping } from '../../../__generated__/graphql';
import {
  isSurveyDisabled,
  surveyLimit,
  switchComparison,
  toggleSurvey,
  type ComparisonMode,
  type SurveyOption,
} from '../landing';
import type { ReportFilterState } from '../reportQuery';

export interface GroupingOption {
  grouping: ReportGrouping;
  name: string;
}

interface ComparisonFilterProps {
  /** The URL tells 'surveys' from 'none' only once two surveys are chosen: the panel holds it. */
  mode: ComparisonMode;
  onModeChange: (mode: ComparisonMode) => void;
  filters: ReportFilterState;
  update: (patch: Partial<ReportFilterState>) => void;
  /** The surveys that may be compared (ended ones and the ones selected). */
  surveys: readonly SurveyOption[];
  groupings: readonly GroupingOption[];
}

const MODES: readonly ComparisonMode[] = ['none', 'surveys', 'groups'];
const isMode = (value: string): value is ComparisonMode =>
  (MODES as readonly string[]).includes(value);

export function ComparisonFilter(props: ComparisonFilterProps) {
  const { mode, filters, update, surveys, groupings } = props;
  const { t } = useTranslation('report');
  const [lastGrouping, setLastGrouping] = useState<ReportGrouping | null>(filters.groupBy);
  const limit = surveyLimit(mode);
  const wide = useMediaQuery('(min-width: 36em)') ?? true;

  const switchTo = (next: ComparisonMode) => {
    if (filters.groupBy) setLastGrouping(filters.groupBy);
    props.onModeChange(next);
    update(switchComparison(filters, next, lastGrouping));
  };

  return (
    <Stack gap="xs">
      <SegmentedControl
        // Stacked on a phone: three modes side by side run off a narrow screen.
        orientation={wide ? 'horizontal' : 'vertical'}
        style={{ alignSelf: 'flex-start' }}
        aria-label={t('console.landing.comparison.label')}
        value={mode}
        onChange={(value) => isMode(value) && switchTo(value)}
        data={MODES.map((value) => ({
          value,
          label: t(`console.landing.comparison.${value}`),
        }))}
      />
      {mode === 'surveys' && (
        <Checkbox.Group
          label={t('console.landing.comparison.surveys')}
          description={t('console.landing.comparison.surveysHint', { count: limit })}
          value={filters.surveyIds}
        >
          <Stack gap={6} mt={6}>
            {surveys.map((survey) => (
              <Checkbox
                key={survey.id}
                value={survey.id}
                label={survey.name}
                disabled={isSurveyDisabled(filters.surveyIds, survey.id, limit)}
                onChange={() =>
                  update({ surveyIds: toggleSurvey(filters.surveyIds, survey.id, limit) })
                }
              />
            ))}
            {surveys.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('console.landing.comparison.noSurveys')}
              </Text>
            )}
          </Stack>
        </Checkbox.Group>
      )}
      {mode === 'groups' && (
        <Select
          label={t('console.landing.comparison.grouping')}
          placeholder={t('console.landing.comparison.groupingPlaceholder')}
          data={groupings.map((option) => ({ value: option.grouping, label: option.name }))}
          value={filters.groupBy}
          onChange={(value) => {
            const grouping = groupings.find((option) => option.grouping === value)?.grouping;
            update({ groupBy: grouping ?? null });
            if (grouping) setLastGrouping(grouping);
          }}
          searchable
        />
      )}
    </Stack>
  );
}
