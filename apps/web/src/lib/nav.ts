// The header's navigation: link identifiers from the spec, their paths and who sees them. The route
// table guards the same paths with the same role lists.
import { paths } from './paths';
import { ADMIN_ONLY, ALL_ROLES, USER_MANAGERS, type Role } from './roles';

export interface NavItem {
  id:
    | 'Dashboard'
    | 'Reports'
    | 'Supervisors'
    | 'AdminDashboard'
    | 'Companies'
    | 'Surveys'
    | 'Users'
    | 'Logs'
    | 'AiAudit';
  path: string;
  roles: readonly Role[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'Dashboard', path: paths.dashboard, roles: ALL_ROLES },
  { id: 'Reports', path: paths.reports, roles: ALL_ROLES },
  { id: 'Supervisors', path: paths.supervisors, roles: ALL_ROLES },
  { id: 'AdminDashboard', path: paths.adminDashboard, roles: ADMIN_ONLY },
  { id: 'Companies', path: paths.companies, roles: ADMIN_ONLY },
  { id: 'Surveys', path: paths.surveys, roles: ADMIN_ONLY },
  { id: 'Users', path: paths.users, roles: USER_MANAGERS },
  { id: 'Logs', path: paths.logs, roles: ADMIN_ONLY },
  { id: 'AiAudit', path: paths.aiAudit, roles: ADMIN_ONLY },
];

export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => item.roles.includes(role));
}
