// The add and edit participant form: email, names, language, one unit per level of the company,
// company display name, own survey link and, on edit, the PIN. Rules in ../participantForm.ts:
// a field shows its message once it has been left (blur); Save stays disabled until something was
// changed and every rule holds. On add, a well-formed email is checked against the survey on blur.
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParticipantForm_UnitLevelFragment } from '../../../__generated__/graphql';
import { LANGUAGE_NAMES, type UiLanguage } from '../../../lib/i18n/languages';
import {
  EMAIL_IN_SURVEY,
  validateParticipantForm,
  type ParticipantFormErrors,
  type ParticipantFormField,
  type ParticipantFormMode,
  type ParticipantFormValues,
} from '../participantForm';

export interface ParticipantFormProps {
  mode: ParticipantFormMode;
  initial: ParticipantFormValues;
  languages: readonly string[];
  unitLevels: readonly ParticipantForm_UnitLevelFragment[];
  /** Messages the server sent for the last save (translation keys by field). */
  serverErrors?: ParticipantFormErrors;
  saving?: boolean;
  /** Add only: true when the email is already in the survey. */
  emailInUse?: (email: string) => Promise<boolean>;
  onSubmit: (values: ParticipantFormValues) => void;
}

export function ParticipantForm({
  mode,
  initial,
  languages,
  unitLevels,
  serverErrors = {},
  saving = false,
  emailInUse,
  onSubmit,
}: ParticipantFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ParticipantFormValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<ParticipantFormField, boolean>>>({});
  const [dirty, setDirty] = useState(false);
  // The email last found in the survey, and the one whose check is still running.
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const errors = validateParticipantForm(values, mode);
  const email = values.email.trim().toLowerCase();
  if (!errors.email && takenEmail !== null && takenEmail === email) errors.email = EMAIL_IN_SURVEY;

  const set = <K extends keyof ParticipantFormValues>(key: K, value: ParticipantFormValues[K]) => {
    setDirty(true);
    setValues((current) => ({ ...current, [key]: value }));
  };
  const touch = (field: ParticipantFormField) => () =>
    setTouched((current) => ({ ...current, [field]: true }));
  const messageOf = (field: ParticipantFormField) => {
    const key = (touched[field] ? errors[field] : undefined) ?? serverErrors[field];
    return key ? t(key, { defaultValue: key }) : undefined;
  };

  const checkEmail = async () => {
    touch('email')();
    if (!emailInUse || errors.email || email === '') return;
    setChecking(email);
    try {
      if (await emailInUse(email)) setTakenEmail(email);
    } catch {
      // The server checks again on save.
    } finally {
      setChecking((current) => (current === email ? null : current));
    }
  };

  const valid = Object.keys(errors).length === 0;
  const canSave = dirty && valid && checking === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    onSubmit({
      ...values,
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      pinCode: values.pinCode.trim(),
    });
  };

  const text = (field: 'email' | 'firstName' | 'lastName') => ({
    label: t(`participants.form.${field}`),
    required: true,
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      set(field, event.currentTarget.value),
    error: messageOf(field),
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={520}>
        <TextInput
          {...text('email')}
          type="email"
          autoComplete="off"
          onBlur={() => void checkEmail()}
        />
        <TextInput {...text('firstName')} onBlur={touch('firstName')} />
        <TextInput {...text('lastName')} onBlur={touch('lastName')} />
        <Select
          label={t('participants.form.languageCode')}
          required
          searchable
          data={languages.map((code) => ({
            value: code,
            label: LANGUAGE_NAMES[code as UiLanguage] ?? code,
          }))}
          value={values.languageCode}
          onChange={(value) => set('languageCode', value)}
          onBlur={touch('languageCode')}
          error={messageOf('languageCode')}
        />
        {mode === 'edit' && (
          <TextInput
            label={t('participants.form.pinCode')}
            description={t('participants.form.pinCodeHelp')}
            inputMode="numeric"
            autoComplete="off"
            value={values.pinCode}
            onChange={(event) => set('pinCode', event.currentTarget.value)}
            onBlur={touch('pinCode')}
            error={messageOf('pinCode')}
          />
        )}
        {unitLevels.map((level) => (
          <Select
            key={level.index}
            label={t('participants.form.unit', { level: level.index })}
            placeholder={t('participants.form.noUnit')}
            clearable
            searchable
            data={level.units.map((unit) => ({ value: unit.id, label: unit.name }))}
            value={values.units[level.index] ?? null}
            onChange={(value) => set('units', { ...values.units, [level.index]: value })}
            error={level === unitLevels[0] ? messageOf('unitIds') : undefined}
          />
        ))}
        <TextInput
          label={t('participants.form.companyDisplayName')}
          description={t('participants.form.companyDisplayNameHelp')}
          value={values.companyDisplayName}
          onChange={(event) => set('companyDisplayName', event.currentTarget.value)}
          error={messageOf('companyDisplayName')}
        />
        <TextInput
          label={t('participants.form.surveyContinueLink')}
          description={t('participants.form.surveyContinueLinkHelp')}
          value={values.surveyContinueLink}
          onChange={(event) => set('surveyContinueLink', event.currentTarget.value)}
          error={messageOf('surveyContinueLink')}
        />
        <Group>
          <Button type="submit" loading={saving} disabled={!canSave}>
            {t('participants.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
