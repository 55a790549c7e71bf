import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../lib/roles';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { Shell } from './Shell';

const routes = [{ path: '*', element: <Shell /> }];

// The header is a lazy chunk; load it once up front so each test only waits for React.lazy to settle.
beforeAll(() => import('./Header'));

/** Renders the frame; for a signed-in user waits for the (lazily loaded) header. */
async function renderShell(role: Role | null) {
  const session = testSession({
    account: role ? testAccount({ role, displayName: 'Sam Super' }) : null,
  });
  const result = renderRoutes({ routes, initialEntries: ['/'], session });
  if (role) await screen.findByRole('banner');
  return result;
}

const navIds = () =>
  within(screen.getByRole('navigation', { name: 'Main navigation' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('data-nav'));

describe('the page frame', () => {
  it('has no header for a signed-out visitor, but a footer with the year and the privacy link', async () => {
    await renderShell(null);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Survey Console`);
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('shows a signed-in user the logo linking to the start page', async () => {
    await renderShell('USER');
    const header = screen.getByRole('banner');
    expect(
      within(header).getByRole('link', { name: /Survey Console, start page/ }),
    ).toHaveAttribute('href', '/');
  });

  it('filters the navigation by role', async () => {
    const { unmount } = await renderShell('USER');
    expect(navIds()).toEqual(['Dashboard', 'Reports', 'Supervisors']);
    unmount();
    await renderShell('SUPER_USER');
    expect(navIds()).toEqual(['Dashboard', 'Reports', 'Supervisors', 'Users']);
  });

  it('links the navigation to the spec paths', async () => {
    await renderShell('ADMIN');
    const hrefs = within(screen.getByRole('navigation'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/dashboard',
      '/report',
      '/supervisors',
      '/Admindashboard',
      '/companies',
      '/surveys',
      '/users',
      '/logs',
      '/ai-audit',
    ]);
  });

  it('opens a profile popup with the display name and a logout link that signs out', async () => {
    const { session } = await renderShell('SUPER_USER');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    expect(await screen.findByText('Sam Super')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(session.signOut).toHaveBeenCalled();
  });

  it('offers all 36 languages in the header', async () => {
    await renderShell('USER');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Language/ }));
    const dialog = await screen.findByRole('dialog', { name: /Language/ });
    expect(within(dialog).getAllByRole('button')).toHaveLength(36);
    expect(within(dialog).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
