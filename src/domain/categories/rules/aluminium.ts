// Aluminium: alloy designation per EN 573, temper per EN 515, recycled content, and the embedded
// emissions CBAM asks for (Regulation (EU) 2023/956).
import { validationError } from '../advisories.ts';
import { METADATA_ROOT } from '../pointer.ts';
import type { AdvisoryItem } from '../types.ts';
import { checkEmissionsTotal, embeddedEmissions, omit, percent } from './common.ts';
import type { ObjectSpec, RuleExample, RuleSet } from './spec.ts';

/** EN 573-1 wrought alloys: `6061`, `6061A`, `AW-6061` or `EN AW-6061`. */
export const ALLOY_DESIGNATION = /^(?:(?:EN )?AW-)?[1-9]\d{3}[A-Z]?$/;
/** EN 515 tempers: F, O, H1x/H2x/H3x/H4x (with a third digit), W, T1–T10 with stress-relief digits. */
export const TEMPER = /^(?:F|O|W|H[1-4]\d{1,2}|T\d{1,5})$/;

export const ELECTRICITY_SOURCES = [
  'hydro',
  'wind',
  'solar',
  'nuclear',
  'natural-gas',
  'coal',
  'grid-mix',
  'other',
] as const;

const fields: ObjectSpec = {
  type: 'object',
  properties: {
    alloyDesignation: { type: 'string', pattern: ALLOY_DESIGNATION },
    temper: { type: 'string', pattern: TEMPER },
    primaryContentPercent: percent(),
    recycledContentPercent: percent(),
    // Coal-powered primary smelting reaches ~20 t/t; 40 still catches values entered in kg.
    embeddedEmissions: embeddedEmissions(40),
    smelterCountry: { type: 'string', format: 'country' },
    electricitySource: { type: 'string', enum: ELECTRICITY_SOURCES },
    // CBAM goods: Combined Nomenclature chapter 76.
    cnCode: { type: 'string', pattern: /^76\d{6}$/, optional: true },
    castNumber: { type: 'string', minLength: 1, maxLength: 64, optional: true },
  },
};

function crossChecks(metadata: Readonly<Record<string, unknown>>): AdvisoryItem[] {
  const found = checkEmissionsTotal(metadata.embeddedEmissions, `${METADATA_ROOT}/embeddedEmissions`);
  const { primaryContentPercent: primary, recycledContentPercent: recycled } = metadata;
  // Each share is bounded by the field checks; only their sum needs a rule of its own. The rest
  // up to 100 % is other input (alloying elements) and needs no field.
  if (typeof primary === 'number' && typeof recycled === 'number' && primary + recycled > 100) {
    found.push(
      validationError('SHARE_SUM_EXCEEDS_100', METADATA_ROOT, {
        field: 'primaryContentPercent + recycledContentPercent',
        sum: Math.round((primary + recycled) * 100) / 100,
      }),
    );
  }
  return found;
}

export const validAluminium: Record<string, unknown> = {
  alloyDesignation: 'EN AW-6061',
  temper: 'T6',
  primaryContentPercent: 35,
  recycledContentPercent: 64,
  embeddedEmissions: { direct: 1.9, indirect: 2.1, total: 4, unit: 'tCO2e/t', methodology: 'actual' },
  smelterCountry: 'NO',
  electricitySource: 'hydro',
  cnCode: '76042990',
};

const examples: readonly RuleExample[] = [
  {
    name: 'valid',
    description: 'Extruded 6061-T6 profile with hydro-powered primary metal',
    metadata: validAluminium,
    expectedErrors: [],
  },
  {
    name: 'shares-over-100',
    description: 'Primary and recycled shares adding up to 110 %',
    metadata: { ...validAluminium, primaryContentPercent: 50, recycledContentPercent: 60 },
    expectedErrors: ['SHARE_SUM_EXCEEDS_100'],
  },
  {
    name: 'bad-designation',
    description: 'An alloy name that is not EN 573 and an unknown temper',
    metadata: { ...validAluminium, alloyDesignation: 'Al-Mg-Si', temper: 'T-6' },
    expectedErrors: ['PATTERN_MISMATCH', 'PATTERN_MISMATCH'],
  },
  {
    name: 'missing-emissions',
    description: 'No embedded emissions and an electricity source outside the list',
    metadata: { ...omit(validAluminium, 'embeddedEmissions'), electricitySource: 'renewable' },
    expectedErrors: ['REQUIRED_FIELD_MISSING', 'VALUE_NOT_ALLOWED'],
  },
];

export const aluminiumRules: RuleSet = {
  category: 'aluminium',
  basis: 'EN 573-1 alloy designation, EN 515 temper; CBAM embedded emissions (Regulation (EU) 2023/956)',
  fields,
  crossChecks,
  examples,
};
