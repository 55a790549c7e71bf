// The user form's values and rules (administration.md section 5): on create displayName, email,
// company, role and language are required; on edit displayName, email, role and language.
import type { Role } from '../../lib/roles';

export interface UserFormValues {
  displayName: string;
  email: string;
  companyId: string | null;
  role: Role | null;
  language: string | null;
  twoFactorEnabled: boolean;
}

export type UserFormMode = 'create' | 'edit';
export type UserFormField = 'displayName' | 'email' | 'companyId' | 'role' | 'language';
/** Field -> translation key of its message. */
export type UserFormErrors = Partial<Record<UserFormField, string>>;

export const EMPTY_USER_FORM: UserFormValues = {
  displayName: '',
  email: '',
  companyId: null,
  role: null,
  language: null,
  twoFactorEnabled: false,
};

const REQUIRED = 'validation.required';

/** The messages (translation keys) of the fields that fail the rules; empty when the form is valid. */
export function validateUserForm(values: UserFormValues, mode: UserFormMode): UserFormErrors {
  const errors: UserFormErrors = {};
  if (values.displayName.trim() === '') errors.displayName = REQUIRED;
  if (values.email.trim() === '') errors.email = REQUIRED;
  if (mode === 'create' && !values.companyId) errors.companyId = REQUIRED;
  if (!values.role) errors.role = 'users.form.roleRequired';
  if (!values.language) errors.language = 'users.form.languageRequired';
  return errors;
}

/** Field errors from the server, keyed by this form's field names. */
export function serverErrors(fieldErrors: readonly { field: string; message: string }[]) {
  const errors: UserFormErrors = {};
  const known: readonly string[] = ['displayName', 'email', 'companyId', 'role', 'language'];
  for (const { field, message } of fieldErrors) {
    if (known.includes(field)) errors[field as UserFormField] ??= message;
  }
  return errors;
}
