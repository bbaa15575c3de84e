// Developer-English messages for every code. End users get the localised text from src/locales;
// these stay in English and may name technical details (patterns, formats, reasons).
import type { AdvisoryCode, ErrorCode } from './codes.ts';

export type Params = Record<string, string | number>;

const TEMPLATES: Record<ErrorCode | AdvisoryCode, string> = {
  METADATA_NOT_OBJECT: 'metadata must be a JSON object, got {actual}',
  UNKNOWN_CATEGORY: 'unknown category "{category}"; the known categories are {known}',
  INVALID_PRODUCT_ID: 'productId "{productId}" is not a valid identifier ({reason}: {detail})',
  REQUIRED_FIELD_MISSING: '{field} is required',
  UNKNOWN_FIELD: '{field} is not a field of this category',
  WRONG_TYPE: '{field} must be of type {expected}',
  VALUE_NOT_ALLOWED: '{field} must be one of: {allowed}',
  VALUE_OUT_OF_RANGE: '{field} must be {range}',
  PATTERN_MISMATCH: '{field} does not match the pattern {pattern}',
  INVALID_FORMAT: '{field} is not a valid {format}',
  TOO_SHORT: '{field} must have at least {limit} characters',
  TOO_LONG: '{field} must have at most {limit} characters',
  TOO_FEW_ITEMS: '{field} must have at least {limit} items',
  TOO_MANY_ITEMS: '{field} must have at most {limit} items',
  DUPLICATE_ITEMS: '{field} must not contain duplicate items',
  INVALID_VALUE: '{field} is not valid ({keyword})',
  SHARE_SUM_EXCEEDS_100: 'the shares in {field} add up to {sum} %, more than 100 %',
  TOTAL_MISMATCH: '{field} must equal the sum of its parts ({expected})',
  DURABILITY_INFO_MISSING:
    'either dateOfMinimumDurability or periodAfterOpeningMonths is required (Regulation (EC) 1223/2009, Art. 19(1)(c))',
  OPERATOR_NOT_IN_EU: '{field} must be established in the EU/EEA, got country {country}',
  IMPORTER_REQUIRED: 'importer is required when the manufacturer is established outside the EU/EEA',
  AGE_WARNING_MISSING:
    'warnings must include the "not suitable for children under 36 months" warning (ageWarningUnder36Months)',
  CE_MARKING_MISSING: 'ceMarking must be true: toys placed on the EU market carry the CE marking',
  NOTIFIED_BODY_REQUIRED: 'notifiedBody is required when the procedure is EU-type-examination',
  EXAMPLE_VALUE_UNCONFIRMED: "{field} still holds the category example's value: confirm or change it",
  COPIED_VALUE_UNCONFIRMED: '{field} still holds a value copied from another passport: confirm or change it',
  NON_GS1_PRODUCT_ID:
    'productId "{productId}" is not a GS1 key (GTIN or GRAI); it cannot be scanned as a GS1 Digital Link',
  PII_SHAPE_DETECTED: '{field} is publicly readable and looks like it contains personal data ({kind})',
  UNIT_NO_SCANNABLE_LINK: 'unit {unit} has no scannable GS1 Digital Link because the passport has no GTIN',
  EORI_NOT_FOUND: 'EORI number {eori} was not found in the EU EORI register',
  CARRIER_SYMBOLOGY_NOT_RENDERED: 'data carrier symbology {symbology} was not rendered',
  CATEGORY_GRANULARITY_UNEXPECTED:
    '{category} passports are expected at granularity {expected}, got {granularity}',
  GS1_DIGITAL_LINK_EXTENSION: 'the link is read by this node but departs from GS1 ({rule})',
  COMMODITY_CODE_NOT_CN:
    'commodityCode {code} is a 6-digit HS code; the EU registry asks for the 8-digit Combined Nomenclature code',
  COMMODITY_CODE_UNEXPECTED:
    'commodityCode {code} is outside what {category} passports are expected to be classified under ({expected})',
  OPERATOR_AUTO_ATTRIBUTED: 'the passport was attributed to economic operator {operator}',
  GTIN_AUTO_COPIED: 'GTIN {gtin} was copied from productId',
};

/** Fills `{name}` placeholders; a missing parameter stays visible as `{name}` rather than vanishing. */
export function developerMessage(code: ErrorCode | AdvisoryCode, params: Params = {}): string {
  return TEMPLATES[code].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}
