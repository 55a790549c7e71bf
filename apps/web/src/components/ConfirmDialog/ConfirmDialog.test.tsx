import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

function Harness(props: { confirmLabel?: string; onConfirm?: () => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <ConfirmDialog
      opened={opened}
      title="Delete company"
      confirmLabel={props.confirmLabel}
      onConfirm={() => props.onConfirm?.()}
      onClose={() => setOpened(false)}
    >
      Are you sure?
    </ConfirmDialog>
  );
}

function renderUi(ui: React.ReactNode) {
  return render(
    <MantineProvider env="test">
      <I18nextProvider i18n={i18next}>{ui}</I18nextProvider>
    </MantineProvider>,
  );
}

describe('ConfirmDialog', () => {
  it('has a title, a close button and Cancel/OK by default', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderUi(<Harness onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('dialog', { name: 'Delete company' });
    expect(dialog).toHaveTextContent('Are you sure?');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('uses the given confirm label', async () => {
    renderUi(<Harness confirmLabel="Delete company" />);
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Delete company' })).toBeInTheDocument();
  });

  it.each(['Cancel', 'Close'])('closes with %s', async (name) => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    await screen.findByRole('dialog');
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    await user.click(overlay as Element);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
