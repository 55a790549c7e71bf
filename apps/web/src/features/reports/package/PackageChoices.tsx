// What the package page lets its reader change without going back to the reports page: the survey
// (the company's ended surveys), the unit (or the whole organisation) and, for accounts with
// localized reports, the report language. Each change goes into the address like the report filters;
// the page then starts its charts over (spec section 2: pending loads aborted, images reset). Only a
// real change is passed on: the page stops its image work on every call.
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReportLanguageSelect } from '../components/ReportLanguageSelect';
import type { ReportFilterState } from '../reportQuery';

/** The unit select's value for "no unit": the whole organisation. */
const WHOLE = '';

export interface PackageChoicesProps {
  surveys: readonly { id: string; name: string }[];
  units: readonly { id: string; name: string; level: number }[];
  /** The report languages to offer; null when the account has no localized reports. */
  languages: readonly string[] | null;
  surveyId: string;
  unitId: string | null;
  language: string;
  update: (patch: Partial<ReportFilterState>) => void;
}

/** The units by level, level 1 first, as the select's groups. */
function unitLevels(units: PackageChoicesProps['units']) {
  const levels = new Map<number, PackageChoicesProps['units'][number][]>();
  for (const unit of units) levels.set(unit.level, [...(levels.get(unit.level) ?? []), unit]);
  return [...levels].sort(([a], [b]) => a - b);
}

export function PackageChoices(props: PackageChoicesProps) {
  const { t } = useTranslation('report');
  const { surveys, units, languages, update } = props;
  // The survey shown even while the company's list is still loading.
  const surveyOptions = surveys.some((survey) => survey.id === props.surveyId)
    ? surveys
    : [{ id: props.surveyId, name: props.surveyId }, ...surveys];
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label={t('console.package.survey')}
        data={surveyOptions.map((survey) => ({ value: survey.id, label: survey.name }))}
        value={props.surveyId}
        // Units belong to a survey's company: a new survey starts with the whole organisation.
        onChange={(id) => id && id !== props.surveyId && update({ surveyIds: [id], units: [] })}
        allowDeselect={false}
        searchable
        miw={260}
      />
      <Select
        label={t('console.package.unit')}
        data={[
          { value: WHOLE, label: t('names.wholeOrganisation') },
          ...unitLevels(units).map(([level, members]) => ({
            group: t('console.landing.units.level', { level }),
            items: members.map((unit) => ({ value: unit.id, label: unit.name })),
          })),
        ]}
        value={props.unitId ?? WHOLE}
        onChange={(id) =>
          id !== null && id !== (props.unitId ?? WHOLE) && update({ units: id ? [id] : [] })
        }
        allowDeselect={false}
        searchable
        miw={260}
      />
      {languages && (
        <ReportLanguageSelect
          languages={languages}
          value={props.language}
          onChange={(language) => language !== props.language && update({ language })}
        />
      )}
    </Group>
  );
}
