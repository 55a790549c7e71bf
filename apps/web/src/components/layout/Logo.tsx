import { Anchor, Group, Text } from '@mantine/core';
import { IconChartDots3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** The product mark: icon and name. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <IconChartDots3 size={28} color="var(--mantine-primary-color-filled)" aria-hidden />
      <Text fw={700} size="lg" component="span" style={{ whiteSpace: 'nowrap' }}>
        {t('common.appName')}
      </Text>
    </Group>
  );
}

export function Logo() {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to={paths.home}
      aria-label={t('header.home')}
      underline="never"
      c="inherit"
    >
      <Brand />
    </Anchor>
  );
}
