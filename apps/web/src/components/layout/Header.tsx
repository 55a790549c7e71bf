// Shown only to signed-in users: logo, the role's navigation, language choice and the profile popup.
import { Box, Group } from '@mantine/core';
import type { SessionAccount } from '../../lib/session/session';
import { LanguageMenu } from './LanguageMenu';
import { Logo } from './Logo';
import { MainNav } from './MainNav';
import { UserMenu } from './UserMenu';
import { HEADER_HEIGHT } from './headerHeight';
import classes from './Shell.module.css';

export default function Header({ account }: { account: SessionAccount }) {
  return (
    <Box component="header" px="md" mih={HEADER_HEIGHT} className={classes.headerBar}>
      <Group justify="space-between" wrap="nowrap" mih={HEADER_HEIGHT}>
        <Group gap="lg" wrap="nowrap">
          <Logo />
          <MainNav role={account.role} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <LanguageMenu showReview={account.role === 'ADMIN'} />
          <UserMenu account={account} />
        </Group>
      </Group>
    </Box>
  );
}
