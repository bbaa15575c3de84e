// The facility as its workspace sees it (address included) and as the public may see it (never the
// street address: the spec publishes GLN, name, activity and country only).
import type { Address } from '../operators/service.ts';
import type { FacilityRow } from './store.ts';

export interface FacilityRecord {
  id: string;
  gln: string;
  name: string;
  activity: string;
  country: string;
  address: Address | null;
  operatorId: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toFacilityRecord(row: FacilityRow): FacilityRecord {
  return {
    id: row.id,
    gln: row.gln,
    name: row.name,
    activity: row.activity,
    country: row.country,
    address: (row.address as Address | null) ?? null,
    operatorId: row.operatorId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The `manufacturingFacility` of public passport views. */
export function toPublicFacility(record: FacilityRecord) {
  return {
    '@type': 'ManufacturingFacility' as const,
    gln: record.gln,
    name: record.name,
    activity: record.activity,
    country: record.country,
  };
}
