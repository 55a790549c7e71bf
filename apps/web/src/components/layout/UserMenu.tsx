// The user icon: opens a popup with the display name and the logout link.
import { ActionIcon, Anchor, Divider, Popover, Stack, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, type SessionAccount } from '../../lib/session/session';

export function UserMenu({ account }: { account: SessionAccount }) {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const [busy, setBusy] = useState(false);
  const logout = () => {
    setBusy(true);
    void signOut().finally(() => setBusy(false));
  };
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('header.profile')}>
          <IconUserCircle size={26} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} miw={200}>
          <Text fw={600}>{account.displayName}</Text>
          <Text size="sm" c="dimmed">
            {account.email}
          </Text>
          <Divider my="xs" />
          <Anchor
            component="button"
            type="button"
            onClick={logout}
            disabled={busy}
            ta="left"
            data-testid="logout"
          >
            {t('header.logout')}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
