// The create and edit user form: name, email, company (create only), role, language and, on edit,
// two-factor sign-in. Rules in ../userForm.ts; messages are shown after a submit or on blur.
import { Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, type UiLanguage } from '../../../lib/i18n/languages';
import type { Role } from '../../../lib/roles';
import {
  validateUserForm,
  type UserFormErrors,
  type UserFormField,
  type UserFormMode,
  type UserFormValues,
} from '../userForm';

export interface UserFormProps {
  mode: UserFormMode;
  initial: UserFormValues;
  roles: readonly Role[];
  languages: readonly string[];
  companies?: readonly { id: string; name: string }[];
  /** Messages the server sent for the last submit (translation keys by field). */
  serverErrors?: UserFormErrors;
  saving?: boolean;
  onSubmit: (values: UserFormValues) => void;
  /** Told every change (the create form's unit or company selection follows company and role). */
  onChange?: (values: UserFormValues) => void;
  /** Shown below the fields, above the submit button (the unit or company selection). */
  children?: ReactNode;
}

export function UserForm({
  mode,
  initial,
  roles,
  languages,
  companies = [],
  serverErrors = {},
  saving = false,
  onSubmit,
  onChange,
  children,
}: UserFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<UserFormValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<UserFormField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = validateUserForm(values, mode);

  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    onChange?.(next);
  };
  const touch = (field: UserFormField) => () =>
    setTouched((current) => ({ ...current, [field]: true }));
  const messageOf = (field: UserFormField) => {
    const key = (submitted || touched[field] ? errors[field] : undefined) ?? serverErrors[field];
    return key ? t(key, { defaultValue: key }) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    onSubmit({ ...values, displayName: values.displayName.trim(), email: values.email.trim() });
  };

  // The current role stays choosable on edit even when the signed-in account could not give it.
  const roleOptions = [...new Set([...roles, ...(initial.role ? [initial.role] : [])])];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={520}>
        <TextInput
          label={t('users.form.displayName')}
          required
          value={values.displayName}
          onChange={(event) => set('displayName', event.currentTarget.value)}
          onBlur={touch('displayName')}
          error={messageOf('displayName')}
        />
        <TextInput
          label={t('users.form.email')}
          type="email"
          required
          autoComplete="off"
          value={values.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          onBlur={touch('email')}
          error={messageOf('email')}
        />
        {mode === 'create' && (
          <Select
            label={t('users.form.company')}
            required
            searchable
            data={companies.map((company) => ({ value: company.id, label: company.name }))}
            value={values.companyId}
            onChange={(value) => set('companyId', value)}
            onBlur={touch('companyId')}
            error={messageOf('companyId')}
          />
        )}
        <Select
          label={t('users.form.role')}
          required
          data={roleOptions.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          value={values.role}
          onChange={(value) => set('role', value as Role | null)}
          onBlur={touch('role')}
          error={messageOf('role')}
        />
        <Select
          label={t('users.form.language')}
          required
          searchable
          data={languages.map((code) => ({
            value: code,
            label: LANGUAGE_NAMES[code as UiLanguage] ?? code,
          }))}
          value={values.language}
          onChange={(value) => set('language', value)}
          onBlur={touch('language')}
          error={messageOf('language')}
        />
        {mode === 'edit' && (
          <Switch
            label={t('users.form.twoFactorEnabled')}
            checked={values.twoFactorEnabled}
            onChange={(event) => set('twoFactorEnabled', event.currentTarget.checked)}
          />
        )}
        {children}
        <Group>
          <Button type="submit" loading={saving}>
            {mode === 'create' ? t('users.form.create') : t('users.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
