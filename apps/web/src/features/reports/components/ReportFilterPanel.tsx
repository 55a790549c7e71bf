// The report filter panel (reporting.md section 2): company and survey, or the all-data benchmark
// (Admin); units; survey or background comparison; the report language (localizedReports). Every
// change goes to the query string, so the report pages and a reload see the same filters.
import { Group, Input, Paper, SegmentedControl, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../__generated__/graphql';
import {
  comparisonModeOf,
  switchCompany,
  switchDataMode,
  type ComparisonMode,
  type SurveyOption,
  type UnitChoice,
} from '../landing';
import type { ReportFilterState } from '../reportQuery';
import { AllDataFilters, type ConfigurationOption } from './AllDataFilters';
import { ComparisonFilter, type GroupingOption } from './ComparisonFilter';
import { ReportLanguageSelect } from './ReportLanguageSelect';
import { UnitFilter } from './UnitFilter';

export interface ReportFilterPanelProps {
  role: Role;
  filters: ReportFilterState;
  update: (patch: Partial<ReportFilterState>) => void;
  companies: readonly { id: string; name: string }[];
  /** The surveys of the chosen company the role may read. */
  surveys: readonly SurveyOption[];
  /** The surveys that may be compared. */
  comparable: readonly SurveyOption[];
  units: readonly UnitChoice[];
  groupings: readonly GroupingOption[];
  industries: readonly ConfigurationOption[];
  sizes: readonly ConfigurationOption[];
  /** The report languages to offer; null: the account has no localizedReports (no selector). */
  reportLanguages: readonly string[] | null;
  /** The language reports are shown in now. */
  reportLanguage: string;
}

export function ReportFilterPanel(props: ReportFilterPanelProps) {
  const { role, filters, update } = props;
  const { t } = useTranslation('report');
  const [mode, setMode] = useState<ComparisonMode>(() => comparisonModeOf(filters));
  const isAdmin = role === 'ADMIN';

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        {(isAdmin || props.reportLanguages) && (
          <Group justify="space-between" align="end">
            {isAdmin ? (
              <SegmentedControl
                aria-label={t('console.landing.dataMode.label')}
                value={filters.wholeData ? 'all' : 'survey'}
                onChange={(value) => {
                  setMode('none');
                  update(switchDataMode(value === 'all'));
                }}
                data={[
                  { value: 'survey', label: t('console.landing.dataMode.survey') },
                  { value: 'all', label: t('console.landing.dataMode.all') },
                ]}
              />
            ) : (
              <span />
            )}
            {props.reportLanguages && (
              <ReportLanguageSelect
                languages={props.reportLanguages}
                value={props.reportLanguage}
                onChange={(language) => update({ language })}
              />
            )}
          </Group>
        )}
        {filters.wholeData ? (
          <AllDataFilters
            filters={filters}
            update={update}
            industries={props.industries}
            sizes={props.sizes}
          />
        ) : (
          <>
            <Group align="end" gap="md" wrap="wrap">
              <Select
                label={t('console.landing.company')}
                placeholder={t('console.landing.companyPlaceholder')}
                data={props.companies.map((company) => ({
                  value: company.id,
                  label: company.name,
                }))}
                value={filters.companyId}
                onChange={(value) => {
                  setMode('none');
                  update(switchCompany(value));
                }}
                searchable
                w={280}
              />
              {mode !== 'surveys' && (
                <Select
                  label={t('console.landing.survey')}
                  placeholder={t('console.landing.surveyPlaceholder')}
                  data={props.surveys.map((survey) => ({ value: survey.id, label: survey.name }))}
                  value={filters.surveyIds[0] ?? null}
                  onChange={(value) => update({ surveyIds: value ? [value] : [] })}
                  disabled={!filters.companyId}
                  nothingFoundMessage={t('console.landing.noSurveys')}
                  w={280}
                />
              )}
              <Input.Wrapper
                label={t('console.landing.units.label')}
                labelElement="div"
                styles={{ label: { display: 'block' } }}
              >
                <UnitFilter
                  units={props.units}
                  selected={filters.units}
                  onChange={(units) => update({ units })}
                  disabled={filters.surveyIds.length === 0}
                />
              </Input.Wrapper>
            </Group>
            {/* Shown while comparing even with every survey deselected, so a survey can be picked again. */}
            {(filters.surveyIds.length > 0 || mode !== 'none') && (
              <ComparisonFilter
                mode={mode}
                onModeChange={setMode}
                filters={filters}
                update={update}
                surveys={props.comparable}
                groupings={props.groupings}
              />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
