// /companies/edit/:id (Admin): the company loaded by the id in the path; back to /companies once saved.
import { Alert, Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  useCompanyEditRoute_CompanyQuery,
  useCompanyEditRoute_UpdateMutation,
} from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { usePageTitle } from '../../../lib/usePageTitle';
import { CompanyForm, companyFormValues } from '../components/CompanyForm';
import { useCompanyFormSubmit } from '../components/useCompanyFormSubmit';

export function CompanyEditRoute() {
  const { t } = useTranslation();
  usePageTitle(t('companies.form.editTitle'));
  const { id = '' } = useParams();
  const errorMessage = useErrorMessage();
  const company = useCompanyEditRoute_CompanyQuery({
    variables: { id },
    fetchPolicy: 'network-only',
  });
  const [update, { loading }] = useCompanyEditRoute_UpdateMutation();
  // Edit has no completeness check of its own (section 5): the API's field errors show instead.
  const { fieldErrors, submit } = useCompanyFormSubmit('companies.form.saved', async (input) => {
    const result = await update({
      variables: { id: company.data?.company?.id ?? id, input },
      refetchQueries: ['CompaniesRoute_Companies'],
    });
    return result.data?.updateCompany;
  });

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

  const initial = companyFormValues(loaded);

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
