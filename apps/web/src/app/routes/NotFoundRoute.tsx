// Any path without a page yet, including the navigation targets that later features will build.
import { Button, EmptyState } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/usePageTitle';

export function NotFoundRoute() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <EmptyState icon={<IconMapSearch size={48} aria-hidden />} withIndicatorBackground mt="xl">
      <EmptyState.Title order={1}>{t('notFound.title')}</EmptyState.Title>
      <EmptyState.Description>{t('notFound.description')}</EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to={paths.home} variant="light">
          {t('common.startPage')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

export { NotFoundRoute as Component };
