// /supervisors/packages/:id: the link in a supervisor's email. After sign-in it opens the unit's
// report package (the package page builds the PDF); a package of another unit is refused.
import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useSupervisorPackageRouteQuery } from '../../../__generated__/graphql';
import { useErrorMessage } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';

export function SupervisorPackageRoute() {
  const { t } = useTranslation();
  usePageTitle(t('supervisors.packageTitle'));
  const errorMessage = useErrorMessage();
  const { id = '' } = useParams();
  const { data, loading, error } = useSupervisorPackageRouteQuery({ variables: { id } });
  const pkg = data?.supervisorPackage;
  if (pkg) {
    const href = getHref(paths.reportPackage, undefined, {
      companyId: pkg.companyId,
      surveyId: pkg.surveyId,
      unit: pkg.unitId,
    });
    return <Navigate to={href} replace />;
  }
  return (
    <Stack gap="md">
      <Title order={1}>{t('supervisors.packageTitle')}</Title>
      {loading && <Loader aria-label={t('common.loading')} />}
      {error && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {!loading && !error && !pkg && (
        <Alert color="yellow">{t('supervisors.packageMissing')}</Alert>
      )}
    </Stack>
  );
}

export { SupervisorPackageRoute as Component };
