// The comparison control of the satisfaction and L-index comparison pages: a toggle between the
// groups of a background variable or unit level and up to two surveys, with the matching filter.
// The pages leave it out when the report covers all data.
import { Group, MultiSelect, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportGrouping } from '../../../__generated__/graphql';
import { MAX_COMPARED_SURVEYS, type ReportFilterState } from '../reportQuery';
import type { GroupingOption } from '../tables/groupingChoices';
import { comparisonKindOf, type ComparisonKind } from './chartRules';

interface ComparisonToggleProps {
  filters: ReportFilterState;
  update: (patch: Partial<ReportFilterState>) => void;
  groupings: readonly GroupingOption[];
  /** The company's comparable (ended) surveys; empty without a company. */
  surveys: readonly { id: string; name: string }[];
}

export function ComparisonToggle({ filters, update, groupings, surveys }: ComparisonToggleProps) {
  const { t } = useTranslation('report');
  const kind = comparisonKindOf(filters.groupBy);
  const labelId = useId();
  const [lastGrouping, setLastGrouping] = useState<ReportGrouping | null>(filters.groupBy);

  const switchTo = (next: ComparisonKind) => {
    if (next === kind) return;
    if (next === 'surveys') {
      setLastGrouping(filters.groupBy);
      update({ groupBy: null });
    } else {
      // Comparing groups reads the first survey only: keep the last chosen one.
      const last = filters.surveyIds.at(-1);
      update({
        groupBy: lastGrouping ?? groupings[0]?.value ?? null,
        surveyIds: last ? [last] : [],
      });
    }
  };

  return (
    <Group align="flex-end" gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500} id={labelId}>
          {t('console.charts.compare')}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          value={kind}
          onChange={(value) => switchTo(value === 'groups' ? 'groups' : 'surveys')}
          data={[
            { value: 'groups', label: t('console.charts.compareGroups') },
            { value: 'surveys', label: t('console.charts.compareSurveys') },
          ]}
        />
      </Stack>
      {kind === 'groups' ? (
        <Select
          label={t('console.charts.grouping')}
          data={groupings.map((option) => ({ value: option.value, label: option.label }))}
          value={filters.groupBy}
          onChange={(value) => {
            const option = groupings.find((entry) => entry.value === value);
            if (option) update({ groupBy: option.value });
          }}
          allowDeselect={false}
          w={280}
        />
      ) : (
        <MultiSelect
          label={t('console.charts.surveys')}
          description={t('console.charts.surveysHint', { count: MAX_COMPARED_SURVEYS })}
          data={surveys.map((survey) => ({ value: survey.id, label: survey.name }))}
          value={filters.surveyIds}
          maxValues={MAX_COMPARED_SURVEYS}
          onChange={(ids) => ids.length > 0 && update({ surveyIds: ids })}
          w={420}
        />
      )}
    </Group>
  );
}
