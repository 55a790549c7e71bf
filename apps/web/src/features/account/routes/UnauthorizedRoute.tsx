// /unauthorized: where a signed-in user lands when their role does not allow a page.
import { Button, EmptyState } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/usePageTitle';

export function UnauthorizedRoute() {
  const { t } = useTranslation();
  const { account } = useSession();
  usePageTitle(t('unauthorized.title'));
  return (
    <EmptyState icon={<IconBan size={48} aria-hidden />} variant="light" color="red" mt="xl">
      <EmptyState.Title order={1}>{t('unauthorized.title')}</EmptyState.Title>
      <EmptyState.Description>{t('unauthorized.description')}</EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to={account ? paths.home : paths.login} variant="light">
          {account ? t('common.startPage') : t('common.backToLogin')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

export { UnauthorizedRoute as Component };
