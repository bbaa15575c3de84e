import { describe, expect, it } from 'vitest';
import { dppContext } from './context.ts';
import { secondaryContext } from './secondary-context.ts';

const BASE = 'https://dpp.example.com';

describe('secondaryContext', () => {
  const context = secondaryContext(BASE)['@context'];

  it('is protected JSON-LD 1.1', () => {
    expect(context['@version']).toBe(1.1);
    expect(context['@protected']).toBe(true);
  });

  it('holds exactly the frozen v1 term list', () => {
    // Frozen: this list never changes within v1. A change here is a breaking change.
    expect(Object.keys(context).filter((k) => !k.startsWith('@'))).toEqual([
      'DigitalProductPassport',
      'EconomicOperator',
      'ManufacturingFacility',
      'BatteryUnit',
      'id',
      'productId',
      'productIdScheme',
      'digitalLinkUri',
      'digitalProductPassportId',
      'uniqueProductIdentifier',
      'granularity',
      'dppSchemaVersion',
      'dppStatus',
      'lastUpdated',
      'economicOperatorId',
      'contentSpecificationIds',
      'digitalSeal',
      'signingPublicKey',
      'proof',
      'status',
      'archivedAt',
      'retentionUntil',
      'economicOperator',
      'manufacturingFacility',
      'category',
      'originCountry',
      'createdAt',
      'updatedAt',
      'name',
      'regId',
      'regIdScheme',
      'role',
      'country',
      'address',
      'street',
      'postalCode',
      'city',
      'gln',
      'activity',
      'serialNumber',
      'passportId',
      'manufacturedAt',
      'ceasedAt',
      'predecessorUnitId',
    ]);
  });

  it('defines each term exactly as the canonical context does', () => {
    const canonical = dppContext(BASE)['@context'];
    for (const [term, definition] of Object.entries(context)) {
      if (!term.startsWith('@')) expect(definition, term).toEqual(canonical[term]);
    }
  });
});
