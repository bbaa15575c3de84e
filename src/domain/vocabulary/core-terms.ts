// Terms of our own documents: the classes, the passport document, its economic operator and
// facility. Seal and history terms are in proof-version-terms.ts, battery unit terms in unit-terms.ts.
import { RDF, XSD } from './namespace.ts';
import type { Coercion, Container, TermSpec } from './types.ts';

export const PASSPORT = 'DigitalProductPassport';
export const UNIT = 'BatteryUnit';
export const UNIT_EVENT = 'BatteryUnitEvent';
export const OPERATOR = 'EconomicOperator';
export const FACILITY = 'ManufacturingFacility';

interface Options {
  coercion?: Coercion;
  container?: Container;
  domain?: readonly string[];
  range?: string;
  unit?: string;
}

/** A property of our own documents. Ranges follow from the coercion unless given. */
export function prop(term: string, label: string, comment: string, options: Options = {}): TermSpec {
  const range =
    options.range ??
    (options.coercion === 'dateTime'
      ? `${XSD}dateTime`
      : options.coercion === 'date'
        ? `${XSD}date`
        : options.coercion === 'json'
          ? `${RDF}JSON`
          : undefined);
  return { term, kind: 'property', label, comment, ...options, ...(range ? { range } : {}), usages: [] };
}

function cls(term: string, label: string, comment: string): TermSpec {
  return { term, kind: 'class', label, comment, usages: [] };
}

const STRING = `${XSD}string`;
const RECORDS = [PASSPORT, UNIT, UNIT_EVENT, OPERATOR, FACILITY];

export const CLASS_TERMS: readonly TermSpec[] = [
  cls(PASSPORT, 'Digital product passport', 'A type-level (model) or batch-level product passport.'),
  cls(UNIT, 'Battery unit', 'One physical battery serialised under a type-level passport.'),
  cls(UNIT_EVENT, 'Battery unit event', 'An append-only telemetry record of a battery unit.'),
  cls(
    OPERATOR,
    'Economic operator',
    'A company that places the product on the market or is responsible for it.',
  ),
  cls(FACILITY, 'Manufacturing facility', 'A production site identified by a GS1 Global Location Number.'),
];

export const PASSPORT_TERMS: readonly TermSpec[] = [
  prop('id', 'Identifier', 'The UUID of the record. The node itself is named by @id, its resolvable URL.', {
    domain: RECORDS,
    range: STRING,
  }),
  prop(
    'productId',
    'Product identifier',
    'Identifier the operator gave the product: a GTIN-14, a GRAI or a SKU.',
    {
      domain: [PASSPORT],
      range: STRING,
    },
  ),
  prop(
    'productIdScheme',
    'Product identifier scheme',
    'Scheme of the product identifier, e.g. GS1_DIGITAL_LINK.',
    {
      domain: [PASSPORT],
      range: STRING,
    },
  ),
  prop(
    'digitalLinkUri',
    'GS1 Digital Link URI',
    'The GS1 Digital Link URL under which the product or unit resolves.',
    {
      coercion: 'id',
      domain: [PASSPORT, UNIT],
    },
  ),
  prop('digitalProductPassportId', 'Passport URL', 'The URL of this passport or unit view on the node.', {
    coercion: 'id',
    domain: [PASSPORT, UNIT],
  }),
  prop(
    'uniqueProductIdentifier',
    'Unique product identifier',
    'The Digital Link URL that identifies the product or unit.',
    {
      coercion: 'id',
      domain: [PASSPORT, UNIT],
    },
  ),
  prop('granularity', 'Granularity', 'Level the passport describes: model, batch or item.', {
    range: STRING,
  }),
  prop(
    'dppSchemaVersion',
    'Data requirement version',
    'Version of the data requirements the passport follows.',
    {
      range: STRING,
    },
  ),
  prop('dppStatus', 'Passport lifecycle label', 'Lifecycle state of the passport in lower case.', {
    range: STRING,
  }),
  prop('lastUpdated', 'Last updated', 'When the data was last changed.', { coercion: 'dateTime' }),
  prop(
    'economicOperatorId',
    'Economic operator identifier',
    'The responsible operator as <scheme-code>:<registry-id>, e.g. an EORI number.',
    {
      range: STRING,
    },
  ),
  prop(
    'contentSpecificationIds',
    'Content specifications',
    'URLs of the schemas the passport content follows.',
    {
      coercion: 'id',
      container: '@set',
    },
  ),
  prop(
    'status',
    'Status',
    'Lifecycle status of the record in upper case, e.g. ACTIVE for a passport or IN_SERVICE for a unit.',
    {
      domain: [PASSPORT, UNIT],
      range: STRING,
    },
  ),
  prop('archivedAt', 'Archived at', 'When the passport was archived; null while it is not.', {
    coercion: 'dateTime',
    domain: [PASSPORT],
  }),
  prop('retentionUntil', 'Retained until', 'Until when the passport must stay available.', {
    coercion: 'dateTime',
    domain: [PASSPORT],
  }),
  prop('economicOperator', 'Economic operator', 'The economic operator responsible for the product.', {
    range: OPERATOR,
  }),
  prop(
    'manufacturingFacility',
    'Manufacturing facility',
    'The facility where the product is made; null when none is linked.',
    {
      domain: [PASSPORT],
      range: FACILITY,
    },
  ),
  prop(
    'category',
    'Category',
    'A category: the product category slug of a passport (e.g. batteries), or a hazard category code in a CLP classification.',
    {
      range: STRING,
    },
  ),
  prop('originCountry', 'Country of origin', 'ISO 3166-1 alpha-2 code of the country of origin.', {
    range: STRING,
  }),
  prop(
    'commodityCode',
    'Commodity code',
    'The 8-digit Combined Nomenclature code of the product (or its 6-digit HS code), as the EU DPP registry keeps it.',
    {
      domain: [PASSPORT],
      range: STRING,
    },
  ),
  // Category metadata is a plain nested object: each of its properties is a term of this context.
  prop(
    'metadata',
    'Category metadata',
    'The category-specific passport data, checked by the category schema or rules.',
    {
      domain: [PASSPORT],
    },
  ),
  prop('createdAt', 'Created at', 'When the record was created.', { coercion: 'dateTime', domain: RECORDS }),
  prop('updatedAt', 'Updated at', 'When the record was last changed.', {
    coercion: 'dateTime',
    domain: RECORDS,
  }),
];

export const OPERATOR_TERMS: readonly TermSpec[] = [
  prop('name', 'Name', 'Name of a party, a facility, a substance or another thing.', { range: STRING }),
  prop(
    'regId',
    'Registration identifier',
    'Registration number of the operator in its registry, e.g. an EORI number.',
    {
      domain: [OPERATOR],
      range: STRING,
    },
  ),
  prop(
    'regIdScheme',
    'Registration scheme',
    'The registry that issued the registration identifier, e.g. EORI.',
    {
      domain: [OPERATOR],
      range: STRING,
    },
  ),
  prop('role', 'Role', 'Role of the operator for the product, e.g. BRAND_OPERATOR.', {
    domain: [OPERATOR],
    range: STRING,
  }),
  prop('country', 'Country', 'ISO 3166-1 alpha-2 country code.', { range: STRING }),
  prop('address', 'Address', 'Postal address of a company.'),
  prop('gln', 'GLN', 'GS1 Global Location Number (13 digits).', { range: STRING }),
  prop('activity', 'Activity', 'What the facility does, e.g. cell manufacturing or assembly.', {
    domain: [FACILITY],
    range: STRING,
  }),
];
