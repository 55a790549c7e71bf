// The create and edit form of a company: name, industry, size and the settings flags as switches.
import {
  Anchor,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useCompanyForm_OptionsQuery,
  type CompanyForm_CompanyFragment,
} from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fieldErrorMessage, useErrorMessage, type FieldError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useOptionLabels } from './optionLabels';
import {
  BACKGROUND_FLAGS,
  GROUP_COMMENT_FLAGS,
  REPORT_FLAGS,
  settingsValues,
  type CompanySettingsValues,
  type SettingFlag,
} from './settings';

export interface CompanyFormValues {
  name: string;
  industryId: string | null;
  sizeId: string | null;
  settings: CompanySettingsValues;
}

/** The form's values for a saved company (fragment `CompanyForm_company`). */
export function companyFormValues(company: CompanyForm_CompanyFragment): CompanyFormValues {
  return {
    name: company.name,
    industryId: company.industryId,
    sizeId: company.sizeId,
    settings: settingsValues(company.settings),
  };
}

interface CompanyFormProps {
  title: string;
  submitLabel: string;
  initial: CompanyFormValues;
  /** Create: nothing is sent until name, industry and size are all chosen. */
  requireAll: boolean;
  saving: boolean;
  fieldErrors: readonly FieldError[];
  onSubmit: (values: CompanyFormValues) => void;
}

export function CompanyForm({
  title,
  submitLabel,
  initial,
  requireAll,
  saving,
  fieldErrors,
  onSubmit,
}: CompanyFormProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const options = useCompanyForm_OptionsQuery();
  const { industryLabel, sizeLabel } = useOptionLabels();
  const [values, setValues] = useState<CompanyFormValues>(initial);
  const complete =
    values.name.trim() !== '' && values.industryId !== null && values.sizeId !== null;
  const canSubmit = !saving && (!requireAll || complete);

  const errorOf = (field: string) => {
    const found = fieldErrors.find((error) => error.field === field);
    return found ? fieldErrorMessage(found, t) : undefined;
  };
  const setFlag = (flag: SettingFlag, on: boolean) =>
    setValues((current) => ({ ...current, settings: { ...current.settings, [flag]: on } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    onSubmit({ ...values, name: values.name.trim() });
  };

  const flagSwitch = (flag: SettingFlag, label: string) => (
    <Switch
      key={flag}
      label={label}
      checked={values.settings[flag]}
      onChange={(event) => setFlag(flag, event.currentTarget.checked)}
    />
  );

  const configuration = options.data?.configuration;
  return (
    <Stack gap="lg" maw={760}>
      <Anchor component={Link} to={paths.companies} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('companies.form.back')}
        </Group>
      </Anchor>
      <Title order={1}>{title}</Title>
      <ErrorAlert message={options.error ? errorMessage(options.error) : null} />
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput
            label={t('companies.form.name')}
            required={requireAll}
            value={values.name}
            maxLength={200}
            error={errorOf('name')}
            onChange={(event) => {
              const name = event.currentTarget.value;
              setValues((current) => ({ ...current, name }));
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('companies.form.industry')}
              placeholder={t('companies.form.choose')}
              required={requireAll}
              data={(configuration?.companyIndustries ?? []).map((option) => ({
                value: option.id,
                label: industryLabel(option),
              }))}
              value={values.industryId}
              error={errorOf('industryId')}
              onChange={(industryId) => setValues((current) => ({ ...current, industryId }))}
              searchable
              allowDeselect={false}
            />
            <Select
              label={t('companies.form.size')}
              placeholder={t('companies.form.choose')}
              required={requireAll}
              data={(configuration?.companySizes ?? []).map((option) => ({
                value: option.id,
                label: sizeLabel(option),
              }))}
              value={values.sizeId}
              error={errorOf('sizeId')}
              onChange={(sizeId) => setValues((current) => ({ ...current, sizeId }))}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Fieldset legend={t('companies.form.reportSettings')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {REPORT_FLAGS.map((flag) => flagSwitch(flag, t(`companies.settings.${flag}`)))}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('companies.form.backgroundSettings')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {BACKGROUND_FLAGS.map((flag) => flagSwitch(flag, t(`companies.settings.${flag}`)))}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('companies.form.groupingSettings')}>
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              {GROUP_COMMENT_FLAGS.map((flag, i) =>
                flagSwitch(flag, t('companies.form.groupCommentsUnit', { level: i + 1 })),
              )}
            </SimpleGrid>
          </Fieldset>
          {requireAll && !complete && (
            <Text size="sm" c="dimmed">
              {t('companies.form.required')}
            </Text>
          )}
          <Group>
            <Button type="submit" disabled={!canSubmit} loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
