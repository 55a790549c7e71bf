import { Anchor, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getHref, paths } from '../../lib/paths';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" px="md" py="md" bg="gray.0">
      <Group justify="center" gap="lg">
        <Text size="sm">{t('footer.copyright', { year: new Date().getFullYear() })}</Text>
        <Anchor component={Link} to={getHref(paths.privacy)} size="sm">
          {t('footer.privacy')}
        </Anchor>
      </Group>
    </Box>
  );
}
