// The Role enum between REST and GraphQL. REST spells `Admin`; GraphQL's values are ALL_CAPS (`ADMIN`)
// and, deprecated until their removal, the REST spellings. Arguments take both spellings; fields
// answer ALL_CAPS to a request that asks for it (`Survey-Enum-Values: ALL_CAPS`, lib/enum-values.ts)
// and the earlier spelling to any other, so an older client reads what it always read
// (packages/schema/README.md, Deprecations). A role REST adds or renames breaks the build here.
import type { Role } from '../__generated__/resolvers.js';
import type { EnumSpelling } from './enum-values.js';

/** REST's role names (docs/rest-api.md, Account). */
export type RoleDto = 'Admin' | 'PartnerAdmin' | 'SuperUser' | 'User';

/** The REST role of each GraphQL value, both spellings. */
const restRoles = {
  ADMIN: 'Admin',
  PARTNER_ADMIN: 'PartnerAdmin',
  SUPER_USER: 'SuperUser',
  USER: 'User',
  Admin: 'Admin',
  PartnerAdmin: 'PartnerAdmin',
  SuperUser: 'SuperUser',
  User: 'User',
} as const satisfies Record<Role, RoleDto>;

const allCapsRoles = {
  Admin: 'ADMIN',
  PartnerAdmin: 'PARTNER_ADMIN',
  SuperUser: 'SUPER_USER',
  User: 'USER',
} as const satisfies Record<RoleDto, Role>;

/** A role argument as REST takes it. */
export function restRole<T extends Role | null | undefined>(role: T): T extends Role ? RoleDto : T {
  return (role ? restRoles[role] : role) as T extends Role ? RoleDto : T;
}

/** A REST role as this request reads it. */
export function graphqlRole(role: RoleDto, spelling: EnumSpelling): Role {
  return spelling === 'ALL_CAPS' ? allCapsRoles[role] : role;
}
