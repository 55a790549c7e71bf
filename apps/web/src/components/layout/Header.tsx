// Shown only to signed-in users: logo, the role's navigation, language choice and the profile popup.
import { Box, Group } from '@mantine/core';
import type { SessionAccount } from '../../lib/session/session';
import { LanguageMenu } from './LanguageMenu';
import { Logo } from './Logo';
import { MainNav } from './MainNav';
import { UserMenu } from './UserMenu';

export default function Header({ account }: { account: SessionAccount }) {
  return (
    <Box
      component="header"
      px="md"
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="lg" wrap="nowrap">
          <Logo />
          <MainNav role={account.role} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <LanguageMenu />
          <UserMenu account={account} />
        </Group>
      </Group>
    </Box>
  );
}
