// The four roles and the role lists the route table and the navigation share.
import type { Role } from '../__generated__/graphql';

export type { Role };

export const ALL_ROLES: readonly Role[] = ['Admin', 'PartnerAdmin', 'SuperUser', 'User'];
export const ADMIN_ONLY: readonly Role[] = ['Admin'];
export const USER_MANAGERS: readonly Role[] = ['Admin', 'PartnerAdmin', 'SuperUser'];
