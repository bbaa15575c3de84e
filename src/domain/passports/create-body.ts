// Checks a passport create body (productId, category, originCountry, granularity, commodityCode,
// metadata) into one ValidationResult, so that the dry-run validators and passport ingest judge it identically.
import { validationError } from '../categories/advisories.ts';
import { Findings, validate } from '../categories/engine.ts';
import type { AdvisoryItem, Category, Granularity, ValidationResult } from '../categories/types.ts';
import { commodityCodeWarnings, normaliseCommodityCode } from './commodity-code.ts';

export const GRANULARITIES: readonly Granularity[] = ['model', 'batch', 'item'];

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

// Codes Intl knows that are not countries: the EU, the UN, Eurozone and "unknown region".
const NOT_COUNTRIES = new Set(['EU', 'UN', 'EZ', 'ZZ', 'QO']);

/** ISO 3166-1 alpha-2: two capitals that name a known country (Intl echoes unknown codes back). */
export function isCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value) && !NOT_COUNTRIES.has(value) && regionNames.of(value) !== value;
}

function checkEnvelope(body: Record<string, unknown>): AdvisoryItem[] {
  const errors: AdvisoryItem[] = [];
  const { productId, category, originCountry, granularity } = body;
  if (productId === undefined || productId === null || productId === '') {
    errors.push(validationError('REQUIRED_FIELD_MISSING', '/productId', { field: 'productId' }));
  } else if (typeof productId !== 'string') {
    errors.push(validationError('WRONG_TYPE', '/productId', { field: 'productId', expected: 'string' }));
  }
  if (category === undefined || category === null || category === '') {
    errors.push(validationError('REQUIRED_FIELD_MISSING', '/category', { field: 'category' }));
  }
  if (originCountry !== undefined && originCountry !== null) {
    if (typeof originCountry !== 'string' || !isCountryCode(originCountry)) {
      errors.push(validationError('PATTERN_MISMATCH', '/originCountry', { field: 'originCountry' }));
    }
  }
  const { commodityCode } = body;
  if (
    commodityCode !== undefined &&
    commodityCode !== null &&
    normaliseCommodityCode(commodityCode) === null
  ) {
    errors.push(
      validationError('PATTERN_MISMATCH', '/commodityCode', {
        field: 'commodityCode',
        pattern: 'CN8 (8 digits) or HS6 (6 digits)',
      }),
    );
  }
  if (granularity !== undefined && !GRANULARITIES.includes(granularity as Granularity)) {
    errors.push(
      validationError('VALUE_NOT_ALLOWED', '/granularity', {
        field: 'granularity',
        allowed: GRANULARITIES.join(', '),
      }),
    );
  }
  return errors;
}

/** The envelope's errors first, then the metadata's, within one findings limit (MAX_FINDINGS). */
export function checkPassportBody(body: Record<string, unknown>): ValidationResult {
  const findings = new Findings();
  findings.errorsFrom(checkEnvelope(body));
  const hasCategory = typeof body.category === 'string' && body.category !== '';
  if (!hasCategory) return findings.result();
  findings.warningsFrom(commodityCodeWarnings(body.category as string, body.commodityCode));
  return validate(
    body.category as Category,
    body.metadata,
    {
      ...(typeof body.productId === 'string' ? { productId: body.productId } : {}),
      ...(GRANULARITIES.includes(body.granularity as Granularity)
        ? { granularity: body.granularity as Granularity }
        : {}),
      ...(typeof body.originCountry === 'string' ? { originCountry: body.originCountry } : {}),
    },
    findings,
  );
}
