// The four roles and the role lists the route table and the navigation share.
import type { Role } from '../__generated__/graphql';

export type { Role };

export const ALL_ROLES: readonly Role[] = ['ADMIN', 'PARTNER_ADMIN', 'SUPER_USER', 'USER'];
export const ADMIN_ONLY: readonly Role[] = ['ADMIN'];
export const USER_MANAGERS: readonly Role[] = ['ADMIN', 'PARTNER_ADMIN', 'SUPER_USER'];
