import { describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from '../gs1/check-digit.ts';
import {
  commodityCheck,
  facilityCheck,
  fieldsMatch,
  identifierChecks,
  MAX_IDENTIFIER_LENGTH,
  operatorCheck,
  type RegistryRecord,
  sealedCheck,
} from './record.ts';

const record: RegistryRecord = {
  uniqueProductIdentifier: 'https://dpp.example/01/04012345678901',
  granularity: 'model',
  economicOperatorId: 'EORI:DE123456789',
  facilityId: '4012345000009',
  commodityCode: '85076000',
  backupLink: null,
  versionHash: null,
  version: 2,
  dppSchemaVersion: 'batteries/v1',
  dppStatus: 'Active',
  lastUpdated: '2026-12-01T00:00:00.000Z',
};

const byCode = (checks: { code: string; ok: boolean }[], code: string) =>
  checks.find((item) => item.code === code);

describe('registry checks', () => {
  it('IDENTIFIER_HTTPS fails for an http identifier (an http PUBLIC_BASE_URL) and passes for https', () => {
    expect(byCode(identifierChecks('http://dpp.example/passport/1'), 'IDENTIFIER_HTTPS')?.ok).toBe(false);
    expect(byCode(identifierChecks(record.uniqueProductIdentifier), 'IDENTIFIER_HTTPS')?.ok).toBe(true);
  });

  it('IDENTIFIER_LENGTH fails at 2,001 characters and passes at 2,000', () => {
    const at = (length: number) =>
      `https://dpp.example/${'a'.repeat(length - 'https://dpp.example/'.length)}`;
    expect(at(MAX_IDENTIFIER_LENGTH + 1)).toHaveLength(2001);
    expect(byCode(identifierChecks(at(2001)), 'IDENTIFIER_LENGTH')?.ok).toBe(false);
    expect(byCode(identifierChecks(at(2000)), 'IDENTIFIER_LENGTH')?.ok).toBe(true);
  });

  it('FIELDS_MATCH names the first field the served passport says otherwise', () => {
    const served = {
      economicOperatorId: record.economicOperatorId,
      facilityId: record.facilityId,
      granularity: 'model',
      dppStatus: 'Active',
    };
    expect(fieldsMatch(record, served).ok).toBe(true);
    const differing = fieldsMatch(record, { ...served, economicOperatorId: 'EORI:FR1' });
    expect(differing).toMatchObject({ ok: false, field: 'economicOperatorId' });
    expect(fieldsMatch(record, null).ok).toBe(false);
  });

  it('OPERATOR_ID wants an EORI in form that the register did not refuse', () => {
    expect(operatorCheck({ regIdScheme: 'EORI', regId: 'DE123456789', registryStatus: 'confirmed' }).ok).toBe(
      true,
    );
    expect(operatorCheck({ regIdScheme: 'EORI', regId: 'DE123456789', registryStatus: 'unchecked' }).ok).toBe(
      true,
    );
    expect(operatorCheck({ regIdScheme: 'EORI', regId: 'DE123456789', registryStatus: 'not_found' }).ok).toBe(
      false,
    );
    expect(operatorCheck({ regIdScheme: 'DE-HRB', regId: 'HRB1', registryStatus: 'unchecked' }).ok).toBe(
      false,
    );
  });

  it('FACILITY_ID wants a facility with a valid GLN', () => {
    expect(facilityCheck({ gln: '4012345000009' }, hasValidCheckDigit).ok).toBe(true);
    expect(facilityCheck({ gln: '4012345000008' }, hasValidCheckDigit).ok).toBe(false);
    expect(facilityCheck(null, hasValidCheckDigit).ok).toBe(false);
  });

  it('COMMODITY_CODE wants 8 digits within the category, any range for construction', () => {
    expect(commodityCheck('batteries', '85076000').ok).toBe(true);
    expect(commodityCheck('batteries', '850760').ok).toBe(false);
    expect(commodityCheck('batteries', '61091000').ok).toBe(false);
    expect(commodityCheck('batteries', null).ok).toBe(false);
    expect(commodityCheck('textiles', '61091000').ok).toBe(true);
    expect(commodityCheck('construction', '68101100').ok).toBe(true);
  });

  it('SEALED wants the seal to name the current version', () => {
    expect(sealedCheck(2, 2).ok).toBe(true);
    expect(sealedCheck(3, 2).ok).toBe(false);
    expect(sealedCheck(1, null).ok).toBe(false);
  });
});
