// What create and edit do with the form's values: send them, show the API's field errors on the form,
// or say the company was saved and go back to /companies.
import { toastFailure, toastSuccess } from '../../../lib/toasts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CompanyInput } from '../../../__generated__/graphql';
import { useErrorMessage, type FieldError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import type { CompanyFormValues } from './CompanyForm';

/** The answer of `createCompany` / `updateCompany`. */
interface SaveAnswer {
  ok: boolean;
  fieldErrors: FieldError[];
  company?: { name: string } | null;
}

/** `savedKey`: the notification once saved, given the company's `name`. */
export function useCompanyFormSubmit(
  savedKey: 'companies.form.created' | 'companies.form.saved',
  send: (input: CompanyInput) => Promise<SaveAnswer | undefined>,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);

  const submit = async (values: CompanyFormValues) => {
    setFieldErrors([]);
    try {
      const answer = await send({
        name: values.name,
        industryId: values.industryId ?? '',
        sizeId: values.sizeId ?? '',
        settings: values.settings,
      });
      if (!answer?.ok) {
        setFieldErrors(answer?.fieldErrors ?? []);
        toastFailure(t('companies.form.saveFailed'));
        return;
      }
      toastSuccess(t(savedKey, { name: answer.company?.name ?? values.name }));
      await navigate(paths.companies);
    } catch (failure) {
      toastFailure(t('companies.form.saveFailed'), errorMessage(failure));
    }
  };

  return { fieldErrors, submit };
}
