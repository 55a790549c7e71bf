// /companies/create (Admin): a new company; back to /companies once saved.
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCompanyCreateRoute_CreateMutation } from '../../../__generated__/graphql';
import { useErrorMessage, type FieldError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import { CompanyForm, type CompanyFormValues } from '../components/CompanyForm';
import { CREATE_DEFAULTS } from '../components/settings';

const EMPTY: CompanyFormValues = {
  name: '',
  industryId: null,
  sizeId: null,
  settings: CREATE_DEFAULTS,
};

export function CompanyCreateRoute() {
  const { t } = useTranslation('admin');
  usePageTitle(t('companies.form.createTitle'));
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [create, { loading }] = useCompanyCreateRoute_CreateMutation();
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);

  const submit = async (values: CompanyFormValues) => {
    if (!values.industryId || !values.sizeId) return;
    setFieldErrors([]);
    try {
      const result = await create({
        variables: {
          input: {
            name: values.name,
            industryId: values.industryId,
            sizeId: values.sizeId,
            settings: values.settings,
          },
        },
        refetchQueries: ['CompaniesRoute_Companies'],
      });
      const answer = result.data?.createCompany;
      if (!answer?.ok) {
        setFieldErrors(answer?.fieldErrors ?? []);
        notifications.show({ color: 'red', message: t('companies.form.saveFailed') });
        return;
      }
      notifications.show({
        color: 'green',
        message: t('companies.form.created', { name: answer.company?.name ?? values.name }),
      });
      await navigate(paths.companies);
    } catch (failure) {
      notifications.show({
        color: 'red',
        title: t('companies.form.saveFailed'),
        message: errorMessage(failure),
      });
    }
  };

  return (
    <CompanyForm
      title={t('companies.form.createTitle')}
      submitLabel={t('companies.form.create')}
      initial={EMPTY}
      requireAll
      saving={loading}
      fieldErrors={fieldErrors}
      onSubmit={(values) => void submit(values)}
    />
  );
}

export { CompanyCreateRoute as Component };
