// Field specs and cross checks shared by several rule sets.
import { validationError } from '../advisories.ts';
import { childPointer, fieldLabel } from '../pointer.ts';
import type { AdvisoryItem } from '../types.ts';
import { EU_EEA_COUNTRIES } from './formats.ts';
import type { NumberSpec, ObjectSpec, StringSpec } from './spec.ts';
import { isRecord } from './walk.ts';

export const text = (maxLength = 200, optional = false): StringSpec => ({
  type: 'string',
  minLength: 1,
  maxLength,
  optional,
});
export const country = (optional = false): StringSpec => ({ type: 'string', format: 'country', optional });
export const percent = (optional = false): NumberSpec => ({
  type: 'number',
  minimum: 0,
  maximum: 100,
  unit: '%',
  optional,
});

/** A postal address. Published on purpose: these are the addresses of companies, required on labels. */
export const address: ObjectSpec = {
  type: 'object',
  properties: {
    street: text(200),
    postalCode: { type: 'string', minLength: 1, maxLength: 16 },
    city: text(100),
    country: country(),
  },
};

/** An economic operator as named on a label: name, postal address, optional contact. */
export const party = (optional = false): ObjectSpec => ({
  type: 'object',
  optional,
  properties: {
    name: text(200),
    address,
    email: { type: 'string', format: 'email', maxLength: 254, optional: true },
    website: { type: 'string', format: 'uri', maxLength: 500, optional: true },
  },
});

/**
 * Embedded emissions in tonnes CO2e per tonne of product, as CBAM (Regulation (EU) 2023/956,
 * Annex IV) reports them. The upper bound is well above any real process and catches values
 * entered in kg per tonne by mistake.
 */
export const embeddedEmissions = (upperBound: number): ObjectSpec => ({
  type: 'object',
  properties: {
    direct: { type: 'number', minimum: 0, maximum: upperBound, unit: 'tCO2e/t' },
    indirect: { type: 'number', minimum: 0, maximum: upperBound, unit: 'tCO2e/t' },
    total: { type: 'number', minimum: 0, maximum: 2 * upperBound, unit: 'tCO2e/t', optional: true },
    unit: { type: 'string', enum: ['tCO2e/t'] },
    methodology: { type: 'string', enum: ['actual', 'default-values'], optional: true },
    reportingPeriod: { type: 'string', pattern: /^\d{4}(?:-(?:Q[1-4]|H[12]))?$/, optional: true },
  },
});

/** Tolerance for a stated total against the sum of its parts: rounding to three decimals. */
const TOTAL_TOLERANCE = 0.0005;

export function checkEmissionsTotal(emissions: unknown, path: string): AdvisoryItem[] {
  if (!isRecord(emissions)) return [];
  const { direct, indirect, total } = emissions;
  if (typeof direct !== 'number' || typeof indirect !== 'number' || typeof total !== 'number') return [];
  const expected = Math.round((direct + indirect) * 1000) / 1000;
  if (Math.abs(total - (direct + indirect)) <= TOTAL_TOLERANCE) return [];
  const at = childPointer(path, 'total');
  return [validationError('TOTAL_MISMATCH', at, { field: fieldLabel(at), expected })];
}

/** The operator at `path` must be established in the EU/EEA (its address country). */
export function checkEstablishedInEu(operator: unknown, path: string): AdvisoryItem[] {
  if (!isRecord(operator) || !isRecord(operator.address)) return [];
  const code = operator.address.country;
  if (typeof code !== 'string' || EU_EEA_COUNTRIES.has(code)) return [];
  const at = childPointer(childPointer(path, 'address'), 'country');
  return [validationError('OPERATOR_NOT_IN_EU', at, { field: fieldLabel(path), country: code })];
}

export function isEstablishedInEu(operator: unknown): boolean {
  return (
    isRecord(operator) && isRecord(operator.address) && EU_EEA_COUNTRIES.has(String(operator.address.country))
  );
}

/** A copy of `value` without `key`, for building the invalid examples from a valid one. */
export function omit(value: Readonly<Record<string, unknown>>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = value;
  return rest;
}
