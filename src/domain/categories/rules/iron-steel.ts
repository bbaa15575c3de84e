// Iron and steel: grade designation per EN 10027, and the embedded emissions CBAM asks for
// (Regulation (EU) 2023/956 and Implementing Regulation (EU) 2023/1773).
import { METADATA_ROOT } from '../pointer.ts';
import type { AdvisoryItem } from '../types.ts';
import { checkEmissionsTotal, country, embeddedEmissions, percent, text } from './common.ts';
import type { ObjectSpec, RuleExample, RuleSet } from './spec.ts';

/**
 * EN 10027-1 steel names (S355J2, C45E, 42CrMo4, X5CrNi18-10, DX51D+Z) or EN 10027-2 steel
 * numbers (1.0577). The name grammar is rich; this checks the shape, not every symbol table.
 */
export const STEEL_GRADE = /^(?:1\.\d{4,5}|[A-Z]{1,3}\d{1,4}[A-Za-z0-9+-]*|\d{1,3}[A-Z][A-Za-z0-9+-]*)$/;

export const PRODUCTION_ROUTES = ['BF-BOF', 'EAF', 'DRI-EAF', 'OTHER'] as const;

const fields: ObjectSpec = {
  type: 'object',
  properties: {
    steelGrade: { type: 'string', maxLength: 30, pattern: STEEL_GRADE },
    productionRoute: { type: 'string', enum: PRODUCTION_ROUTES },
    // Steel direct emissions stay below ~4 t/t on any route; 20 leaves room and still catches kg/t.
    embeddedEmissions: embeddedEmissions(20),
    // Scrap and other recycled input, as a share of the metallic charge.
    recycledContentPercent: percent(),
    facility: {
      type: 'object',
      properties: {
        name: text(200),
        country: country(),
        installationId: text(64, true),
        gln: { type: 'string', pattern: /^\d{13}$/, optional: true },
      },
    },
    // CBAM goods are identified by Combined Nomenclature code, chapters 72 and 73.
    cnCode: { type: 'string', pattern: /^7[23]\d{6}$/, optional: true },
    heatNumber: text(64, true),
  },
};

function crossChecks(metadata: Readonly<Record<string, unknown>>): AdvisoryItem[] {
  return checkEmissionsTotal(metadata.embeddedEmissions, `${METADATA_ROOT}/embeddedEmissions`);
}

export const validIronSteel: Record<string, unknown> = {
  steelGrade: 'S355J2',
  productionRoute: 'EAF',
  embeddedEmissions: { direct: 0.35, indirect: 0.28, total: 0.63, unit: 'tCO2e/t', methodology: 'actual' },
  recycledContentPercent: 92.5,
  facility: { name: 'Example Steelworks Plant 2', country: 'ES', installationId: 'ES-INST-0042' },
  cnCode: '72085120',
  heatNumber: 'H24-10817',
};

const examples: readonly RuleExample[] = [
  {
    name: 'valid',
    description: 'Electric-arc-furnace plate with actual emissions',
    metadata: validIronSteel,
    expectedErrors: [],
  },
  {
    name: 'kg-instead-of-tonnes',
    description: 'Emissions entered in kg CO2e per tonne and an unknown route',
    metadata: {
      ...validIronSteel,
      productionRoute: 'BOF',
      embeddedEmissions: { direct: 350, indirect: 280, unit: 'tCO2e/t' },
    },
    expectedErrors: ['VALUE_NOT_ALLOWED', 'VALUE_OUT_OF_RANGE', 'VALUE_OUT_OF_RANGE'],
  },
  {
    name: 'total-mismatch',
    description: 'A stated total that is not direct + indirect',
    metadata: {
      ...validIronSteel,
      embeddedEmissions: { direct: 1.8, indirect: 0.2, total: 1.8, unit: 'tCO2e/t' },
    },
    expectedErrors: ['TOTAL_MISMATCH'],
  },
  {
    name: 'bad-grade',
    description: 'A grade that is not an EN 10027 designation, and a share over 100 %',
    metadata: { ...validIronSteel, steelGrade: 'steel-355', recycledContentPercent: 120 },
    expectedErrors: ['PATTERN_MISMATCH', 'VALUE_OUT_OF_RANGE'],
  },
];

export const ironSteelRules: RuleSet = {
  category: 'iron-steel',
  basis: 'EN 10027-1/-2 steel designation; CBAM embedded emissions (Regulation (EU) 2023/956, Annex IV)',
  fields,
  crossChecks,
  examples,
};
