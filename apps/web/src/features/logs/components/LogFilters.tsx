// The log screen's filters: event, first and last day, only errors, and a text search that applies
// when submitted. Every change is reported at once (the screen re-fetches).
import { ActionIcon, Button, Group, Select, Switch, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar, IconSearch, IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/fi';
import 'dayjs/locale/sv';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  calendarLocale,
  DAY_FORMAT,
  endDateMin,
  EVENT_OPTIONS,
  isEventOption,
  LAST_DAY,
  FIRST_DAY,
  startDateMax,
  withEndDate,
  withStartDate,
  type LogFilterState,
} from '../logFilter';

interface LogFiltersProps {
  value: LogFilterState;
  onChange: (next: LogFilterState) => void;
}

export function LogFilters({ value, onChange }: LogFiltersProps) {
  const { t, i18n } = useTranslation();
  // The text being typed; it becomes the filter's query when submitted.
  const [query, setQuery] = useState(value.query);

  const today = dayjs().format('YYYY-MM-DD');
  const todayWithin = (min: string, max: string) =>
    today >= min && today <= max ? [{ value: today, label: t('logs.filter.today') }] : [];
  const startMax = startDateMax(value);
  const endMin = endDateMin(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...value, query: query.trim() });
  };

  const dateProps = {
    valueFormat: DAY_FORMAT,
    placeholder: t('logs.filter.datePlaceholder'),
    clearable: true,
    clearButtonProps: { 'aria-label': t('logs.filter.clear') },
    leftSection: <IconCalendar size={16} aria-hidden />,
    highlightToday: true,
    w: 170,
  } as const;

  return (
    <DatesProvider settings={{ locale: calendarLocale(i18n.language), firstDayOfWeek: 1 }}>
      <Group align="end" gap="md" wrap="wrap">
        <Select
          label={t('logs.filter.event')}
          data={EVENT_OPTIONS.map((option) => ({
            value: option,
            label: t(`logs.events.${option}`),
          }))}
          value={value.event}
          onChange={(next) => isEventOption(next) && onChange({ ...value, event: next })}
          allowDeselect={false}
          w={220}
        />
        <DatePickerInput
          {...dateProps}
          label={t('logs.filter.startDate')}
          value={value.startDate}
          onChange={(next) => onChange(withStartDate(value, next))}
          minDate={FIRST_DAY}
          maxDate={startMax}
          presets={todayWithin(FIRST_DAY, startMax)}
        />
        <DatePickerInput
          {...dateProps}
          label={t('logs.filter.endDate')}
          value={value.endDate}
          onChange={(next) => onChange(withEndDate(value, next))}
          minDate={endMin}
          maxDate={LAST_DAY}
          presets={todayWithin(endMin, LAST_DAY)}
        />
        <form onSubmit={submit} role="search">
          {/* Wraps on a phone: a longer language's button would run off the screen. */}
          <Group align="end" gap="xs" wrap="wrap">
            <TextInput
              label={t('logs.filter.query')}
              placeholder={t('logs.filter.queryPlaceholder')}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={
                query ? (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('logs.filter.clearQuery')}
                    onClick={() => {
                      setQuery('');
                      if (value.query) onChange({ ...value, query: '' });
                    }}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                ) : null
              }
              w={260}
            />
            <Button type="submit" variant="light">
              {t('logs.filter.submit')}
            </Button>
          </Group>
        </form>
        <Switch
          label={t('logs.filter.onlyErrors')}
          description={t('logs.filter.onlyErrorsDescription')}
          checked={value.onlyErrors}
          onChange={(event) => onChange({ ...value, onlyErrors: event.currentTarget.checked })}
          mb={4}
        />
      </Group>
    </DatesProvider>
  );
}
