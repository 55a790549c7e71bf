// Industry and size names in the UI language; an id the console has no text for shows the API's text.
import { useTranslation } from 'react-i18next';

interface Option {
  id: string;
  description: string;
}

export function useOptionLabels() {
  const { t } = useTranslation();
  return {
    industryLabel: (option: Option) =>
      t(`companies.industries.${option.id}` as 'companies.industries.ict', {
        defaultValue: option.description,
      }),
    sizeLabel: (option: Option) =>
      t(`companies.sizes.${option.id}` as 'companies.sizes.1-49', {
        defaultValue: option.description,
      }),
  };
}
