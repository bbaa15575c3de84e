// What resolution needs from access grants: the grant a token names, whether it covers a passport,
// and the record of each read. The grants module provides it; resolution only calls it.
import type { ServiceContext } from '../../context.ts';
import type { AccessTier } from '../../domain/categories/types.ts';

export interface ActiveGrant {
  id: string;
  /** Null for a credential session: every workspace of the node. */
  tenantId: string | null;
  tier: AccessTier;
  passportId: string | null;
  operatorId: string | null;
}

export interface GrantRead {
  grant: ActiveGrant;
  /** The passport's workspace. */
  tenantId: string;
  passportId: string;
  tier: AccessTier;
  representation: string;
  action: 'resolve' | 'history' | 'version' | 'unit';
  clientAddress: string;
}

export interface GrantAccess {
  find(services: ServiceContext, token: string): Promise<ActiveGrant | null>;
  covers(
    grant: ActiveGrant,
    passport: { tenantId: string; id: string; operatorId: string; status: string },
  ): boolean;
  record(services: ServiceContext, read: GrantRead): Promise<void>;
}

/** Until a node issues grants, every grant token reads as no grant (the public tier). */
export const NO_GRANTS: GrantAccess = {
  find: async () => null,
  covers: () => false,
  record: async () => undefined,
};
