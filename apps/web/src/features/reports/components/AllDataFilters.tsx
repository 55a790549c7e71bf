// The all-data benchmark's filters (Admin): finish-time window (a custom range has its two days),
// industry and company size.
import { Group, Select } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import 'dayjs/locale/fi';
import 'dayjs/locale/sv';
import { useTranslation } from 'react-i18next';
import { withFinishTime } from '../landing';
import type { FinishTimeCode, ReportFilterState } from '../reportQuery';

export interface ConfigurationOption {
  id: string;
  description: string;
}

interface AllDataFiltersProps {
  filters: ReportFilterState;
  update: (patch: Partial<ReportFilterState>) => void;
  industries: readonly ConfigurationOption[];
  sizes: readonly ConfigurationOption[];
}

const FINISH_TIMES: readonly FinishTimeCode[] = [0, 1, 2, 3];
const finishTimeOf = (value: string | null) =>
  FINISH_TIMES.find((code) => String(code) === value) ?? null;

/** The date pickers' format (spec section 5: d.M.yyyy) and reach (1900 to 2100). */
const DAY_FORMAT = 'D.M.YYYY';
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '2100-12-31';

export function AllDataFilters({ filters, update, industries, sizes }: AllDataFiltersProps) {
  const { t, i18n } = useTranslation('report');
  const options = (list: readonly ConfigurationOption[]) =>
    list.map((option) => ({ value: option.id, label: option.description }));
  return (
    <Group align="end" gap="md" wrap="wrap">
      <Select
        label={t('console.landing.finishTime.label')}
        data={FINISH_TIMES.map((code) => ({
          value: String(code),
          label: t(`console.landing.finishTime.${code}`),
        }))}
        value={String(filters.surveyFinishTime)}
        onChange={(value) => {
          const code = finishTimeOf(value);
          if (code !== null) update(withFinishTime(code));
        }}
        allowDeselect={false}
        w={220}
      />
      {filters.surveyFinishTime === 3 && (
        <DatesProvider settings={{ locale: i18n.language.slice(0, 2), firstDayOfWeek: 1 }}>
          <DatePickerInput
            type="range"
            label={t('console.landing.finishTime.range')}
            placeholder={t('console.landing.finishTime.rangePlaceholder')}
            valueFormat={DAY_FORMAT}
            value={[filters.rangeStart, filters.rangeEnd]}
            onChange={([start, end]) => update({ rangeStart: start, rangeEnd: end })}
            minDate={FIRST_DAY}
            maxDate={LAST_DAY}
            clearable
            clearButtonProps={{ 'aria-label': t('console.landing.finishTime.clearRange') }}
            leftSection={<IconCalendar size={16} aria-hidden />}
            w={260}
          />
        </DatesProvider>
      )}
      <Select
        label={t('console.landing.industry')}
        placeholder={t('console.landing.any')}
        data={options(industries)}
        value={filters.industryId}
        onChange={(value) => update({ industryId: value })}
        clearable
        searchable
        w={240}
      />
      <Select
        label={t('console.landing.size')}
        placeholder={t('console.landing.any')}
        data={options(sizes)}
        value={filters.sizeId}
        onChange={(value) => update({ sizeId: value })}
        clearable
        w={200}
      />
    </Group>
  );
}
