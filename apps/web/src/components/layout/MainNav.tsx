// The role's navigation links. Each carries its spec identifier in data-nav. Wide screens show them
// in the header row; narrow ones behind a menu button.
import { Box, Burger, Button, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { navItemsFor } from '../../lib/nav';
import type { Role } from '../../lib/roles';

function NavLinks({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return navItemsFor(role).map((item) => (
    <Button
      key={item.id}
      component={NavLink}
      to={item.path}
      data-nav={item.id}
      onClick={onNavigate}
      variant={pathname.toLowerCase().startsWith(item.path.toLowerCase()) ? 'light' : 'subtle'}
      size="compact-md"
      justify="flex-start"
    >
      {t(`header.nav.${item.id}`)}
    </Button>
  ));
}

export function MainNav({ role }: { role: Role }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <>
      <Box component="nav" aria-label={t('header.navigation')} visibleFrom="lg">
        <Group gap={4} wrap="wrap">
          <NavLinks role={role} />
        </Group>
      </Box>
      <Burger
        opened={opened}
        onClick={toggle}
        hiddenFrom="lg"
        size="sm"
        aria-label={t('header.navigation')}
      />
      <Drawer.Root opened={opened} onClose={close} size="xs" hiddenFrom="lg">
        <Drawer.Overlay />
        <Drawer.Content>
          {/* Mantine's header element would count as a second banner landmark inside the dialog. */}
          <Drawer.Header role="none">
            <Drawer.Title>{t('common.appName')}</Drawer.Title>
            <Drawer.CloseButton aria-label={t('common.close')} />
          </Drawer.Header>
          <Drawer.Body>
            <Stack component="nav" aria-label={t('header.navigation')} gap={4}>
              <NavLinks role={role} onNavigate={close} />
            </Stack>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </>
  );
}
