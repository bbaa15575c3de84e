// The secondary context served at {base_url}/context/v1: a fixed list of the core passport terms.
// FROZEN for v1: never add, remove or change a term here. Consumers may cache it forever and rely
// on `@protected`. New terms go to the canonical context only. Each definition equals the canonical
// one (a test holds them equal), so both contexts may be used together.
import { termIri, XSD } from './namespace.ts';
import type { JsonLdContextBody, JsonLdContextDocument, TermDefinition } from './types.ts';

type Frozen = readonly [term: string, type?: string, container?: '@set'];

const DATE_TIME = `${XSD}dateTime`;

export const SECONDARY_TERMS: readonly Frozen[] = Object.freeze([
  // Classes.
  ['DigitalProductPassport'],
  ['EconomicOperator'],
  ['ManufacturingFacility'],
  ['BatteryUnit'],
  // Passport document, top level.
  ['id'],
  ['productId'],
  ['productIdScheme'],
  ['digitalLinkUri', '@id'],
  ['digitalProductPassportId', '@id'],
  ['uniqueProductIdentifier', '@id'],
  ['granularity'],
  ['dppSchemaVersion'],
  ['dppStatus'],
  ['lastUpdated', DATE_TIME],
  ['economicOperatorId'],
  ['contentSpecificationIds', '@id', '@set'],
  ['digitalSeal', '@json'],
  ['signingPublicKey', '@json'],
  ['proof', '@json'],
  ['status'],
  ['archivedAt', DATE_TIME],
  ['retentionUntil', DATE_TIME],
  ['economicOperator'],
  ['manufacturingFacility'],
  ['category'],
  ['originCountry'],
  ['createdAt', DATE_TIME],
  ['updatedAt', DATE_TIME],
  // Economic operator, with the company address, and facility.
  ['name'],
  ['regId'],
  ['regIdScheme'],
  ['role'],
  ['country'],
  ['address'],
  ['street'],
  ['postalCode'],
  ['city'],
  ['gln'],
  ['activity'],
  // Battery unit core.
  ['serialNumber'],
  ['passportId'],
  ['manufacturedAt', DATE_TIME],
  ['ceasedAt', DATE_TIME],
  ['predecessorUnitId'],
] as const);

export function secondaryContext(baseUrl: string): JsonLdContextDocument {
  const body: JsonLdContextBody = { '@version': 1.1, '@protected': true };
  for (const [term, type, container] of SECONDARY_TERMS) {
    const definition: TermDefinition = { '@id': termIri(baseUrl, term) };
    if (type !== undefined) definition['@type'] = type;
    if (container !== undefined) definition['@container'] = container;
    body[term] = definition;
  }
  return { '@context': body };
}
