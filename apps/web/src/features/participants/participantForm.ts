// The participant form's values and rules (administration.md section 5). Add: email, first and last
// name and language are required and the email must look like one and not be in the survey yet.
// Edit: the same, and a PIN, when given, is exactly five digits. Messages are translation keys.
import dayjs from 'dayjs';

export interface ParticipantFormValues {
  email: string;
  firstName: string;
  lastName: string;
  languageCode: string | null;
  /** The chosen unit per level (level index -> unit id). */
  units: Record<number, string | null>;
  companyDisplayName: string;
  surveyContinueLink: string;
  /** Edit only; empty keeps the current PIN. */
  pinCode: string;
}

export type ParticipantFormMode = 'add' | 'edit';
export type ParticipantFormField =
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'languageCode'
  | 'pinCode'
  | 'unitIds'
  | 'companyDisplayName'
  | 'surveyContinueLink';
/** Field -> translation key of its message. */
export type ParticipantFormErrors = Partial<Record<ParticipantFormField, string>>;

export const EMPTY_PARTICIPANT_FORM: ParticipantFormValues = {
  email: '',
  firstName: '',
  lastName: '',
  languageCode: null,
  units: {},
  companyDisplayName: '',
  surveyContinueLink: '',
  pinCode: '',
};

export const REQUIRED = 'validation.required';
export const EMAIL_FORMAT = 'participants.form.emailFormat';
export const EMAIL_IN_SURVEY = 'participants.emailInSurvey';
export const PIN_FORMAT = 'participants.pinFormat';
/** The participant table shows this many rows per page (administration.md section 2). */
export const PARTICIPANTS_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 500;

/** A plain shape check; the server has the last word. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

export function validateParticipantForm(
  values: ParticipantFormValues,
  mode: ParticipantFormMode,
): ParticipantFormErrors {
  const errors: ParticipantFormErrors = {};
  if (values.email.trim() === '') errors.email = REQUIRED;
  else if (!looksLikeEmail(values.email)) errors.email = EMAIL_FORMAT;
  if (values.firstName.trim() === '') errors.firstName = REQUIRED;
  if (values.lastName.trim() === '') errors.lastName = REQUIRED;
  if (!values.languageCode) errors.languageCode = REQUIRED;
  if (mode === 'edit' && values.pinCode.trim() !== '' && !/^\d{5}$/.test(values.pinCode.trim()))
    errors.pinCode = PIN_FORMAT;
  return errors;
}

/** The chosen units, in level order. */
export const unitIdsOf = (values: ParticipantFormValues): string[] =>
  Object.entries(values.units)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([, id]) => (id ? [id] : []));

/** The unit choices per level of a participant's unit ids. */
export function unitsByLevel(
  unitIds: readonly string[],
  levels: readonly { index: number; units: readonly { id: string }[] }[],
): Record<number, string | null> {
  const chosen = new Set(unitIds);
  return Object.fromEntries(
    levels.map((level) => [
      level.index,
      level.units.find((unit) => chosen.has(unit.id))?.id ?? null,
    ]),
  );
}

/** Field errors from the server, keyed by this form's field names. */
export function serverErrors(
  fieldErrors: readonly { field: string; message: string }[],
): ParticipantFormErrors {
  const errors: ParticipantFormErrors = {};
  const known: readonly string[] = [
    'email',
    'firstName',
    'lastName',
    'languageCode',
    'pinCode',
    'unitIds',
    'companyDisplayName',
    'surveyContinueLink',
  ];
  for (const { field, message } of fieldErrors) {
    if (known.includes(field)) errors[field as ParticipantFormField] ??= message;
  }
  return errors;
}

/** d.M.yyyy in local time; empty for no date. */
export const formatDay = (value: string | null | undefined): string =>
  value ? dayjs(value).format('D.M.YYYY') : '';

/** The whole send went out: someone got it and nobody failed. */
export const fullySent = (result: {
  successfulRecipients: readonly string[];
  failedRecipients: readonly unknown[];
}) => result.successfulRecipients.length > 0 && result.failedRecipients.length === 0;

/** The survey page's address parameter that keeps the participant search (there and back). */
export const PARTICIPANT_SEARCH_PARAM = 'participants';

/** The survey details page, with the participant search the Admin came with. */
export function surveyDetailsHref(surveyDetails: string, search: string | null): string {
  return search
    ? `${surveyDetails}?${new URLSearchParams({ [PARTICIPANT_SEARCH_PARAM]: search }).toString()}`
    : surveyDetails;
}
