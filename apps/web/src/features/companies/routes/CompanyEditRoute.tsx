// /companies/edit/:id (Admin): the company loaded by the id in the path; back to /companies once saved.
import { Alert, Center, Loader, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  useCompanyEditRoute_CompanyQuery,
  useCompanyEditRoute_UpdateMutation,
} from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage, type FieldError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import { CompanyForm, type CompanyFormValues } from '../components/CompanyForm';
import { settingsValues } from '../components/settings';

export function CompanyEditRoute() {
  const { t } = useTranslation('admin');
  usePageTitle(t('companies.form.editTitle'));
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const company = useCompanyEditRoute_CompanyQuery({
    variables: { id },
    fetchPolicy: 'network-only',
  });
  const [update, { loading }] = useCompanyEditRoute_UpdateMutation();
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);

  if (company.loading) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Loader aria-hidden />
        <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      </Center>
    );
  }
  if (company.error) return <ErrorAlert message={errorMessage(company.error)} />;
  const loaded = company.data?.company;
  if (!loaded) {
    return (
      <Alert color="yellow" role="alert">
        {t('companies.form.notFound')}
      </Alert>
    );
  }

  const initial: CompanyFormValues = {
    name: loaded.name,
    industryId: loaded.industryId,
    sizeId: loaded.sizeId,
    settings: settingsValues(loaded.settings),
  };

  // Edit has no completeness check of its own (section 5): the API's field errors show instead.
  const submit = async (values: CompanyFormValues) => {
    setFieldErrors([]);
    try {
      const result = await update({
        variables: {
          id: loaded.id,
          input: {
            name: values.name,
            industryId: values.industryId ?? '',
            sizeId: values.sizeId ?? '',
            settings: values.settings,
          },
        },
        refetchQueries: ['CompaniesRoute_Companies'],
      });
      const answer = result.data?.updateCompany;
      if (!answer?.ok) {
        setFieldErrors(answer?.fieldErrors ?? []);
        notifications.show({ color: 'red', message: t('companies.form.saveFailed') });
        return;
      }
      notifications.show({
        color: 'green',
        message: t('companies.form.saved', { name: answer.company?.name ?? values.name }),
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
      key={loaded.id}
      title={t('companies.form.editTitle')}
      submitLabel={t('companies.form.save')}
      initial={initial}
      requireAll={false}
      saving={loading}
      fieldErrors={fieldErrors}
      onSubmit={(values) => void submit(values)}
    />
  );
}

export { CompanyEditRoute as Component };
