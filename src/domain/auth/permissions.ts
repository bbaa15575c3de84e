// Roles and permissions of workspace credentials. A key carries its role and an explicit permission
// list (the role's, or a narrower one chosen at creation).

export const PERMISSIONS = [
  'passport:read',
  'passport:create',
  'passport:update',
  'passport:delete',
  'passport:seal',
  'battery:read',
  'battery:write',
  'operator:read',
  'operator:write',
  'facility:read',
  'facility:write',
  'grant:read',
  'grant:write',
  'webhook:read',
  'webhook:write',
  'event:read',
  'event:write',
  'keys:manage',
  'tenant:manage',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const READS: Permission[] = PERMISSIONS.filter((permission) => permission.endsWith(':read'));

export const ROLE_PERMISSIONS = {
  /** Everything, including key management and signing-key rotation. */
  ADMIN: [...PERMISSIONS],
  /** Runs the product data: passports, units, operators, facilities, grants, webhooks, events. */
  BRAND_OPERATOR: PERMISSIONS.filter(
    (permission) => permission !== 'keys:manage' && permission !== 'tenant:manage',
  ),
  /** Reads passports and writes battery unit status and telemetry (repair, second life, recycling). */
  RECYCLER: ['passport:read', 'battery:read', 'battery:write', 'event:read', 'event:write'],
  /** Reads everything, changes nothing. */
  AUDITOR: READS,
} satisfies Record<string, Permission[]>;

export type Role = keyof typeof ROLE_PERMISSIONS;
export const ROLES = Object.keys(ROLE_PERMISSIONS) as Role[];
