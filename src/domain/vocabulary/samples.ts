// Test support (not a test file): documents shaped like the spec's passport document, battery unit
// JSON-LD view and unit event, for the expansion tests.
import { dppContextUrl } from './namespace.ts';
import { batteryUnitViewContext } from './unit-view-context.ts';

const PASSPORT_ID = '0b6f1c9e-5a43-4f1e-9a57-0f3f2d7c1a11';
const UNIT_ID = '6d2b0a4e-81f7-4c59-9f1a-3e8d7b2c4f90';
const STAMP = '2025-06-15T10:20:30.000Z';

/** The passport document without category metadata: the core that the secondary context covers. */
export function corePassport(baseUrl: string, category = 'batteries'): Record<string, unknown> {
  const digitalLinkUri = `${baseUrl}/01/04012345000016`;
  return {
    '@type': 'DigitalProductPassport',
    '@id': digitalLinkUri,
    id: PASSPORT_ID,
    productId: '04012345000016',
    digitalLinkUri,
    productIdScheme: 'GS1_DIGITAL_LINK',
    digitalProductPassportId: `${baseUrl}/passport/${PASSPORT_ID}`,
    uniqueProductIdentifier: digitalLinkUri,
    granularity: 'model',
    dppSchemaVersion: 'ESPR-2024/1781; BattReg-2023/1542',
    dppStatus: 'active',
    lastUpdated: STAMP,
    economicOperatorId: 'EORI:DE123456789012345',
    contentSpecificationIds: [`${baseUrl}/api/v1/schemas/${category}`],
    digitalSeal: { alg: 'ES256', signature: 'MEUCIQ', timestampToken: null },
    signingPublicKey: {
      kty: 'EC',
      crv: 'P-256',
      x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
      y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
    },
    proof: { merkleRoot: 'ab12', leafCount: 3, redactedLeaves: { '/metadata/internalNotes': 'cd34' } },
    status: 'ACTIVE',
    archivedAt: null,
    retentionUntil: '2040-06-15T00:00:00.000Z',
    economicOperator: {
      '@type': 'EconomicOperator',
      id: '9f0c4a2b-1d3e-4f5a-8b6c-7d8e9f0a1b2c',
      name: 'Example Batteries GmbH',
      regId: 'DE123456789012345',
      regIdScheme: 'EORI',
      role: 'BRAND_OPERATOR',
      country: 'DE',
      address: { street: 'Musterstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
    },
    manufacturingFacility: {
      '@type': 'ManufacturingFacility',
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      gln: '4012345000009',
      name: 'Cell plant 1',
      activity: 'cell manufacturing',
      country: 'DE',
    },
    category,
    originCountry: 'DE',
    createdAt: STAMP,
    updatedAt: STAMP,
  };
}

/** A passport document with category metadata, as the canonical context describes it. */
export function passportDocument(
  baseUrl: string,
  category: string,
  metadata: unknown,
): Record<string, unknown> {
  return {
    '@context': [dppContextUrl(baseUrl)],
    ...corePassport(baseUrl, category),
    restrictedData: { available: true, fields: ['/metadata/internalNotes'] },
    metadata,
  };
}

function event(n: number, payload: unknown): Record<string, unknown> {
  return {
    '@type': 'BatteryUnitEvent',
    eventType: n === 0 ? 'STATUS_CHANGE' : 'SOH_MEASUREMENT',
    stateOfHealth: 97 - n,
    cycleCount: 120 - n * 10,
    remainingCapacityAh: 71.5,
    temperatureC: -4.5 + n,
    payload,
    recordedAt: `2025-06-1${5 - n}T08:00:00.000Z`,
  };
}

/** The privileged battery unit view with three events, newest first. */
export function unitView(baseUrl: string): Record<string, unknown> {
  const digitalLinkUri = `${baseUrl}/01/04012345000016/21/SN-0001`;
  const { '@context': _context, ...ofModel } = passportDocument(baseUrl, 'batteries', {
    internalNotes: 'none',
  });
  return {
    '@context': batteryUnitViewContext(baseUrl),
    '@type': 'BatteryUnit',
    '@id': digitalLinkUri,
    id: UNIT_ID,
    serialNumber: 'SN-0001',
    digitalLinkUri,
    digitalProductPassportId: `${baseUrl}/unit/${UNIT_ID}`,
    uniqueProductIdentifier: digitalLinkUri,
    granularity: 'item',
    dppSchemaVersion: 'BattReg-2023/1542',
    dppStatus: 'active',
    lastUpdated: STAMP,
    economicOperatorId: 'EORI:DE123456789012345',
    contentSpecificationIds: [`${baseUrl}/api/v1/schemas/batteries`],
    status: 'IN_SERVICE',
    manufacturedAt: '2025-03-01T00:00:00.000Z',
    repurposedFrom: null,
    successorUnits: [],
    ofModel,
    currentState: {
      stateOfHealth: 97,
      cycleCount: 120,
      remainingCapacityAh: 71.5,
      temperatureC: -4.5,
      recordedAt: STAMP,
    },
    dynamicData: [event(0, { status: 'IN_SERVICE', note: 'first use' }), event(1, [1, 2, 3]), event(2, null)],
    createdAt: STAMP,
    updatedAt: STAMP,
  };
}
