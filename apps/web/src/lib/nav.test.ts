import { describe, expect, it } from 'vitest';
import { navItemsFor } from './nav';

const ids = (role: Parameters<typeof navItemsFor>[0]) => navItemsFor(role).map((item) => item.id);

describe('navigation by role', () => {
  it('gives an Admin every link', () => {
    expect(ids('ADMIN')).toEqual([
      'Dashboard',
      'Reports',
      'Supervisors',
      'AdminDashboard',
      'Companies',
      'Surveys',
      'Users',
      'Logs',
      'AiAudit',
    ]);
  });

  it('gives PartnerAdmin and SuperUser the user administration but no Admin-only links', () => {
    for (const role of ['PARTNER_ADMIN', 'SUPER_USER'] as const) {
      expect(ids(role)).toEqual(['Dashboard', 'Reports', 'Supervisors', 'Users']);
    }
  });

  it('gives a User dashboard, reports and the Supervisors page', () => {
    expect(ids('USER')).toEqual(['Dashboard', 'Reports', 'Supervisors']);
  });
});
