// /companies/create (Admin): a new company; back to /companies once saved.
import { useTranslation } from 'react-i18next';
import { useCompanyCreateRoute_CreateMutation } from '../../../__generated__/graphql';
import { usePageTitle } from '../../../lib/usePageTitle';
import { CompanyForm, type CompanyFormValues } from '../components/CompanyForm';
import { CREATE_DEFAULTS } from '../components/settings';
import { useCompanyFormSubmit } from '../components/useCompanyFormSubmit';

const EMPTY: CompanyFormValues = {
  name: '',
  industryId: null,
  sizeId: null,
  settings: CREATE_DEFAULTS,
};

export function CompanyCreateRoute() {
  const { t } = useTranslation();
  usePageTitle(t('companies.form.createTitle'));
  const [create, { loading }] = useCompanyCreateRoute_CreateMutation();
  const { fieldErrors, submit } = useCompanyFormSubmit('companies.form.created', async (input) => {
    // Only complete values come here (see `onSubmit` below).
    const result = await create({
      variables: { input },
      refetchQueries: ['CompaniesRoute_Companies'],
    });
    return result.data?.createCompany;
  });

  return (
    <CompanyForm
      title={t('companies.form.createTitle')}
      submitLabel={t('companies.form.create')}
      initial={EMPTY}
      requireAll
      saving={loading}
      fieldErrors={fieldErrors}
      onSubmit={(values) => {
        if (values.industryId && values.sizeId) void submit(values);
      }}
    />
  );
}

export { CompanyCreateRoute as Component };
