// Toys: the Toy Safety Regulation that replaces Directive 2009/48/EC. The fields cover age grading
// and its warnings, CE marking, the identification of manufacturer and importer, the chemical
// substances the digital product passport must list, and the conformity assessment procedure.
import { validationError } from '../advisories.ts';
import { childPointer, fieldLabel, METADATA_ROOT } from '../pointer.ts';
import type { AdvisoryItem } from '../types.ts';
import { checkEstablishedInEu, isEstablishedInEu, omit, party, percent, text } from './common.ts';
import type { ObjectSpec, RuleExample, RuleSet } from './spec.ts';
import { isRecord } from './walk.ts';

/** Months below which a toy with small parts or other such hazards must not be given. */
export const SMALL_CHILD_AGE_MONTHS = 36;

export const TOY_WARNING_TYPES = [
  'NOT_FOR_UNDER_36_MONTHS',
  'ADULT_SUPERVISION',
  'SMALL_PARTS',
  'FUNCTIONAL_TOY',
  'CHEMICAL_TOY',
  'AQUATIC_TOY',
  'FOOD_CONTAINING',
  'OTHER',
] as const;

const fields: ObjectSpec = {
  type: 'object',
  properties: {
    productName: text(200),
    // Type, batch or serial number that identifies the toy (the label's traceability element).
    typeNumber: text(64),
    minimumAgeMonths: { type: 'integer', minimum: 0, maximum: 216 },
    // True when the toy could harm children under 36 months (small parts, cords, …).
    hazardousUnder36Months: { type: 'boolean' },
    warnings: {
      type: 'array',
      maxItems: 30,
      items: {
        type: 'object',
        properties: { type: { type: 'string', enum: TOY_WARNING_TYPES }, text: text(500) },
      },
    },
    ceMarking: { type: 'boolean' },
    manufacturer: party(),
    // Required when the manufacturer is established outside the EU/EEA (cross check).
    importer: party(true),
    chemicalSubstances: {
      type: 'array',
      maxItems: 200,
      uniqueBy: 'name',
      items: {
        type: 'object',
        properties: {
          name: text(200),
          casNumber: { type: 'string', format: 'cas', optional: true },
          concentrationPercent: percent(true),
          hazardClass: text(100, true),
        },
      },
    },
    conformityAssessment: {
      type: 'object',
      properties: {
        procedure: { type: 'string', enum: ['internal-production-control', 'eu-type-examination'] },
        // Notified bodies are identified by their four-digit NANDO number.
        notifiedBody: {
          type: 'object',
          optional: true,
          properties: { name: text(200), number: { type: 'string', pattern: /^\d{4}$/ } },
        },
        declarationOfConformityUrl: { type: 'string', format: 'uri', maxLength: 500, optional: true },
      },
    },
  },
};

const at = (name: string) => childPointer(METADATA_ROOT, name);

function checkAgeGrading(metadata: Readonly<Record<string, unknown>>): AdvisoryItem[] {
  if (metadata.hazardousUnder36Months !== true) return [];
  const found: AdvisoryItem[] = [];
  const minimumAge = metadata.minimumAgeMonths;
  if (typeof minimumAge === 'number' && minimumAge < SMALL_CHILD_AGE_MONTHS) {
    const path = at('minimumAgeMonths');
    found.push(
      validationError('VALUE_OUT_OF_RANGE', path, {
        field: fieldLabel(path),
        range: `≥ ${SMALL_CHILD_AGE_MONTHS}`,
        limit: SMALL_CHILD_AGE_MONTHS,
      }),
    );
  }
  const warnings = Array.isArray(metadata.warnings) ? metadata.warnings : [];
  if (!warnings.some((w) => isRecord(w) && w.type === 'NOT_FOR_UNDER_36_MONTHS')) {
    found.push(validationError('AGE_WARNING_MISSING', at('warnings')));
  }
  return found;
}

function crossChecks(metadata: Readonly<Record<string, unknown>>): AdvisoryItem[] {
  const found = checkAgeGrading(metadata);
  if (metadata.ceMarking === false) found.push(validationError('CE_MARKING_MISSING', at('ceMarking')));
  if (metadata.importer !== undefined) found.push(...checkEstablishedInEu(metadata.importer, at('importer')));
  else if (isRecord(metadata.manufacturer) && !isEstablishedInEu(metadata.manufacturer)) {
    found.push(validationError('IMPORTER_REQUIRED', at('importer')));
  }
  const assessment = metadata.conformityAssessment;
  if (
    isRecord(assessment) &&
    assessment.procedure === 'eu-type-examination' &&
    assessment.notifiedBody === undefined
  ) {
    found.push(validationError('NOTIFIED_BODY_REQUIRED', `${at('conformityAssessment')}/notifiedBody`));
  }
  return found;
}

export const validToys: Record<string, unknown> = {
  productName: 'Wooden Stacking Tower',
  typeNumber: 'WST-2024-01',
  minimumAgeMonths: 36,
  hazardousUnder36Months: true,
  warnings: [
    { type: 'NOT_FOR_UNDER_36_MONTHS', text: 'Not suitable for children under 36 months. Small parts.' },
  ],
  ceMarking: true,
  manufacturer: {
    name: 'Example Toys Ltd',
    address: { street: '12 Harbour Road', postalCode: '200000', city: 'Shanghai', country: 'CN' },
  },
  importer: {
    name: 'Example Toys Europe B.V.',
    address: { street: 'Keizersgracht 100', postalCode: '1015 CV', city: 'Amsterdam', country: 'NL' },
  },
  chemicalSubstances: [{ name: 'Linseed oil', casNumber: '8001-26-1' }],
  conformityAssessment: {
    procedure: 'internal-production-control',
    declarationOfConformityUrl: 'https://toys.example.eu/doc/WST-2024-01.pdf',
  },
};

const examples: readonly RuleExample[] = [
  {
    name: 'valid',
    description: 'An imported toy for children from 3 years',
    metadata: validToys,
    expectedErrors: [],
  },
  {
    name: 'missing-age-warning',
    description: 'Small parts, graded from 18 months, without the under-36-months warning',
    metadata: { ...validToys, minimumAgeMonths: 18, warnings: [] },
    expectedErrors: ['VALUE_OUT_OF_RANGE', 'AGE_WARNING_MISSING'],
  },
  {
    name: 'no-importer',
    description: 'A manufacturer outside the EU and no importer',
    metadata: omit(validToys, 'importer'),
    expectedErrors: ['IMPORTER_REQUIRED'],
  },
  {
    name: 'type-examination-without-body',
    description: 'EU-type examination without a notified body, and no CE marking',
    metadata: { ...validToys, ceMarking: false, conformityAssessment: { procedure: 'eu-type-examination' } },
    expectedErrors: ['CE_MARKING_MISSING', 'NOTIFIED_BODY_REQUIRED'],
  },
];

export const toysRules: RuleSet = {
  category: 'toys',
  basis:
    'EU Toy Safety Regulation (replacing Directive 2009/48/EC): age grading, warnings, CE marking, operators',
  fields,
  crossChecks,
  examples,
};
