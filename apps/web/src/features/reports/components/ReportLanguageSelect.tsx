// The report language (accounts with localizedReports): the language of titles, criterion and group
// names, separate from the UI language. Each language is named in itself.
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, normalizeLanguage } from '../../../lib/i18n/languages';

interface ReportLanguageSelectProps {
  languages: readonly string[];
  /** The chosen language, or the default the reports use when none is chosen. */
  value: string;
  onChange: (language: string) => void;
}

export function ReportLanguageSelect({ languages, value, onChange }: ReportLanguageSelectProps) {
  const { t } = useTranslation('report');
  return (
    <Select
      label={t('console.landing.reportLanguage')}
      data={languages.map((code) => ({
        value: code,
        label: LANGUAGE_NAMES[normalizeLanguage(code)],
      }))}
      value={value}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      searchable
      w={200}
    />
  );
}
