// Cosmetic products: Regulation (EC) No 1223/2009. The fields follow the labelling particulars of
// Art. 19(1) and the CPNP notification of Art. 13.
import { validationError } from '../advisories.ts';
import { METADATA_ROOT } from '../pointer.ts';
import type { AdvisoryItem } from '../types.ts';
import { checkEstablishedInEu, country, omit, party, text } from './common.ts';
import type { ObjectSpec, RuleExample, RuleSet } from './spec.ts';

const fields: ObjectSpec = {
  type: 'object',
  properties: {
    productName: text(200),
    // Art. 19(1)(f): the function, unless it is clear from the presentation; we always ask for it.
    productFunction: text(500),
    // Art. 19(1)(g): ingredients by their common (INCI) name, in descending order of weight.
    ingredients: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      uniqueBy: 'inciName',
      items: {
        type: 'object',
        properties: {
          inciName: text(200),
          casNumber: { type: 'string', format: 'cas', optional: true },
          nanomaterial: { type: 'boolean', optional: true },
        },
      },
    },
    // Art. 4 and 19(1)(a): the responsible person must be established in the Union.
    responsiblePerson: party(),
    nominalContent: {
      type: 'object',
      properties: {
        value: { type: 'number', exclusiveMinimum: 0, maximum: 100_000 },
        unit: { type: 'string', enum: ['g', 'kg', 'mg', 'ml', 'l', 'cl', 'pieces'] },
      },
    },
    dateOfMinimumDurability: { type: 'string', format: 'date', optional: true },
    // The open-jar symbol: months after opening, used when the durability exceeds 30 months.
    periodAfterOpeningMonths: { type: 'integer', minimum: 1, maximum: 120, optional: true },
    cpnpNotificationReference: { type: 'string', pattern: /^[A-Za-z0-9-]{4,32}$/ },
    // Art. 19(1)(d): particular precautions; an empty list states that none apply.
    warnings: { type: 'array', maxItems: 50, items: text(500) },
    batchNumber: text(64, true),
    countryOfOrigin: country(true),
  },
};

function crossChecks(metadata: Readonly<Record<string, unknown>>): AdvisoryItem[] {
  const found = checkEstablishedInEu(metadata.responsiblePerson, `${METADATA_ROOT}/responsiblePerson`);
  if (metadata.dateOfMinimumDurability === undefined && metadata.periodAfterOpeningMonths === undefined) {
    found.push(validationError('DURABILITY_INFO_MISSING', METADATA_ROOT));
  }
  return found;
}

export const validCosmetics: Record<string, unknown> = {
  productName: 'Hydra Day Cream',
  productFunction: 'Moisturising face cream',
  ingredients: [
    { inciName: 'Aqua' },
    { inciName: 'Glycerin', casNumber: '56-81-5' },
    { inciName: 'Cetearyl Alcohol' },
    { inciName: 'Parfum' },
  ],
  responsiblePerson: {
    name: 'Example Cosmetics GmbH',
    address: { street: 'Musterstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
    email: 'regulatory@example-cosmetics.eu',
  },
  nominalContent: { value: 50, unit: 'ml' },
  periodAfterOpeningMonths: 12,
  cpnpNotificationReference: '1234567',
  warnings: ['Avoid contact with eyes.'],
  batchNumber: 'L2406A',
};

const examples: readonly RuleExample[] = [
  {
    name: 'valid',
    description: 'A face cream with all Art. 19 particulars',
    metadata: validCosmetics,
    expectedErrors: [],
  },
  {
    name: 'no-durability',
    description: 'Neither a date of minimum durability nor a period after opening',
    metadata: omit(validCosmetics, 'periodAfterOpeningMonths'),
    expectedErrors: ['DURABILITY_INFO_MISSING'],
  },
  {
    name: 'responsible-person-outside-eu',
    description: 'The responsible person is established in the United States',
    metadata: {
      ...validCosmetics,
      responsiblePerson: {
        name: 'Example Inc.',
        address: { street: '1 Main St', postalCode: '10001', city: 'New York', country: 'US' },
      },
    },
    expectedErrors: ['OPERATOR_NOT_IN_EU'],
  },
  {
    name: 'empty-ingredients',
    description: 'An empty ingredient list',
    metadata: { ...validCosmetics, ingredients: [] },
    expectedErrors: ['TOO_FEW_ITEMS'],
  },
];

export const cosmeticsRules: RuleSet = {
  category: 'cosmetics',
  basis: 'Regulation (EC) No 1223/2009 on cosmetic products, Art. 13 and 19',
  fields,
  crossChecks,
  examples,
};
