// The operator as the API shows it, and the EconomicOperator object passports embed.
import type { Static } from 'typebox';
import { economicOperatorId, type OperatorRole } from '../../domain/operators/registration.ts';
import type { AddressSchema } from './schemas.ts';
import type { OperatorRow } from './store.ts';

export type Address = Static<typeof AddressSchema>;
export type RegistryStatus = 'confirmed' | 'not_found' | 'unchecked';

export interface OperatorRecord {
  id: string;
  name: string;
  regId: string;
  regIdScheme: string;
  role: OperatorRole;
  country: string | null;
  address: Address | null;
  /** `<scheme-code>:<regId>`, as passports carry it. */
  economicOperatorId: string;
  registryStatus: RegistryStatus;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toOperatorRecord(row: OperatorRow): OperatorRecord {
  return {
    id: row.id,
    name: row.name,
    regId: row.regId,
    regIdScheme: row.regIdScheme,
    role: row.role as OperatorRole,
    country: row.country,
    address: (row.address as Address | null) ?? null,
    economicOperatorId: economicOperatorId(row.regIdScheme, row.regId),
    registryStatus: row.registryStatus as RegistryStatus,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The `economicOperator` of a passport document. The address is the workspace's, never published. */
export function toEconomicOperatorObject(record: OperatorRecord) {
  return {
    '@type': 'EconomicOperator' as const,
    id: record.id,
    name: record.name,
    regId: record.regId,
    regIdScheme: record.regIdScheme,
    role: record.role,
    country: record.country,
  };
}
