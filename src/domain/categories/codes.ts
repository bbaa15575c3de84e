// The closed sets of advisory codes. Clients branch on these strings, so they never change meaning;
// a new situation gets a new code. Every code has a friendly message in each file of src/locales.

/** Codes of `errors[]`: the metadata is rejected. */
export const ERROR_CODES = [
  // Shape of the request
  'METADATA_NOT_OBJECT',
  'UNKNOWN_CATEGORY',
  'INVALID_PRODUCT_ID',
  // Generic field checks (from the JSON Schemas and from the rule sets alike)
  'REQUIRED_FIELD_MISSING',
  'UNKNOWN_FIELD',
  'WRONG_TYPE',
  'VALUE_NOT_ALLOWED',
  'VALUE_OUT_OF_RANGE',
  'PATTERN_MISMATCH',
  'INVALID_FORMAT',
  'TOO_SHORT',
  'TOO_LONG',
  'TOO_FEW_ITEMS',
  'TOO_MANY_ITEMS',
  'DUPLICATE_ITEMS',
  'INVALID_VALUE',
  // Rule-specific checks of the built-in rule sets
  'SHARE_SUM_EXCEEDS_100',
  'TOTAL_MISMATCH',
  'DURABILITY_INFO_MISSING',
  'OPERATOR_NOT_IN_EU',
  'IMPORTER_REQUIRED',
  'AGE_WARNING_MISSING',
  'CE_MARKING_MISSING',
  'NOTIFIED_BODY_REQUIRED',
  // Publishing a draft that still holds values nobody confirmed (docs/passports.md)
  'EXAMPLE_VALUE_UNCONFIRMED',
  'COPIED_VALUE_UNCONFIRMED',
] as const;

/** Codes of `warnings[]`: the request succeeds, but something probably needs attention. */
export const WARNING_CODES = [
  'NON_GS1_PRODUCT_ID',
  'PII_SHAPE_DETECTED',
  'UNIT_NO_SCANNABLE_LINK',
  'EORI_NOT_FOUND',
  'CARRIER_SYMBOLOGY_NOT_RENDERED',
  'CATEGORY_GRANULARITY_UNEXPECTED',
  'GS1_DIGITAL_LINK_EXTENSION',
  'COMMODITY_CODE_NOT_CN',
  'COMMODITY_CODE_UNEXPECTED',
] as const;

/** Codes of `notices[]`: informational, nothing to fix. */
export const NOTICE_CODES = ['OPERATOR_AUTO_ATTRIBUTED', 'GTIN_AUTO_COPIED'] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
export type WarningCode = (typeof WARNING_CODES)[number];
export type NoticeCode = (typeof NOTICE_CODES)[number];
export type AdvisoryCode = WarningCode | NoticeCode;

export function isErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}

/** Locale key of a code: errors live under `validation.`, warnings and notices under `advisory.`. */
export function localeKey(code: string): string {
  return isErrorCode(code) ? `validation.${code}` : `advisory.${code}`;
}
