// The one place where a registry record becomes an entry of the files uploaded to the EU DPP
// registry (docs/registry.md, "The files"). The registry's template is not public: the names below
// are our reading of the Economic Operators User Guide, kept here alone so that they can follow the
// template once it is published. The JSON Schema (submission.schema.json) and the XSD
// (submission.xsd) beside this file describe the files these functions write.
import type { RegistryRecord } from './record.ts';

export const SUBMISSION_FORMAT = 'opendpp-registry-submission/1';
export const SUBMISSION_NAMESPACE = 'urn:opendpp:registry-submission:1';
/** The registry takes at most this many registrations per uploaded file. */
export const ENTRIES_PER_FILE = 100;

/** Entry field ← record field, in the order a file writes them. */
export const ENTRY_FIELDS = [
  ['uniqueProductIdentifier', 'uniqueProductIdentifier'],
  ['granularity', 'granularity'],
  ['modelIdentifier', 'modelIdentifier'],
  ['economicOperatorIdentifier', 'economicOperatorId'],
  ['facilityIdentifier', 'facilityId'],
  ['commodityCode', 'commodityCode'],
  ['backupCopyLink', 'backupLink'],
  ['passportHash', 'versionHash'],
  ['passportVersion', 'version'],
  ['dppSchemaVersion', 'dppSchemaVersion'],
  ['dppStatus', 'dppStatus'],
  ['lastUpdated', 'lastUpdated'],
] as const satisfies readonly (readonly [string, keyof RegistryRecord])[];

export type RegistryEntry = Record<string, string | number>;

/** The entry of one record: every field that has a value, in the file's order. */
export function registryEntry(record: RegistryRecord): RegistryEntry {
  const entry: RegistryEntry = {};
  for (const [name, from] of ENTRY_FIELDS) {
    const value = record[from];
    if (value !== null && value !== undefined) entry[name] = value;
  }
  return entry;
}
