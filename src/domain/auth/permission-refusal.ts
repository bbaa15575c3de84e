// The words of a permission refusal: which permission the route needs, on which route, and, where
// the credential holds a permission people take for the needed one, why that one does not do.
import type { Permission } from './permissions.ts';

/**
 * Permissions that read alike but cover other routes. `event:write` is the EPCIS traceability
 * permission (POST /api/v1/events); a unit's telemetry (POST /api/v1/units/{id}/events) changes the
 * unit's data and status and needs `battery:write`. Neither stands in for the other
 * (docs/authentication.md, "Look-alike permissions").
 */
const LOOK_ALIKES: Partial<Record<Permission, { held: Permission; note: string }>> = {
  'battery:write': {
    held: 'event:write',
    note: 'event:write covers EPCIS traceability events (POST /api/v1/events) only, not battery unit telemetry',
  },
  'event:write': {
    held: 'battery:write',
    note: 'battery:write covers battery unit telemetry (POST /api/v1/units/{id}/events) only, not EPCIS events',
  },
};

export function permissionRefusal(
  credential: string,
  /** The permission the route needs, or `a or b` where either opens it. */
  needed: Permission | `${Permission} or ${Permission}`,
  route: { method: string; url: string | undefined },
  held: readonly string[],
): string {
  const where = route.url ? ` that ${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')} needs` : '';
  const lookAlike = LOOK_ALIKES[needed as Permission];
  const note = lookAlike && held.includes(lookAlike.held) ? `; ${lookAlike.note}` : '';
  return `This ${credential} lacks the ${needed} permission${where}${note}`;
}
