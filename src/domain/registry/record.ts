// A passport's (or unit's) registry record and the checks the EU DPP registry makes of it, made
// first (docs/registry.md). Pure: the checks that need the node (resolution, the backup copy) are
// made by the registry module and handed in as results.
import { normaliseEori } from '../operators/registration.ts';
import {
  COMMODITY_RANGES,
  commodityCodeInRange,
  normaliseCommodityCode,
} from '../passports/commodity-code.ts';

/** The registry's limit on the unique product identifier (Implementing Regulation (EU) 2026/1778). */
export const MAX_IDENTIFIER_LENGTH = 2000;

export const CHECK_CODES = [
  'IDENTIFIER_HTTPS',
  'IDENTIFIER_LENGTH',
  'IDENTIFIER_RESOLVES',
  'FIELDS_MATCH',
  'OPERATOR_ID',
  'FACILITY_ID',
  'COMMODITY_CODE',
  'SEALED',
  'BACKUP_HELD',
  'MODEL_LINKED',
] as const;
export type CheckCode = (typeof CHECK_CODES)[number];

export interface RegistryCheck {
  code: CheckCode;
  ok: boolean;
  message: string;
  field?: string;
}

export interface RegistryRecord {
  uniqueProductIdentifier: string;
  granularity: string;
  economicOperatorId: string;
  facilityId: string | null;
  commodityCode: string | null;
  backupLink: string | null;
  versionHash: string | null;
  version: number;
  dppSchemaVersion: string;
  dppStatus: string;
  lastUpdated: string;
  /** Units only: the identifier of the model's passport. */
  modelIdentifier?: string;
}

const check = (code: CheckCode, ok: boolean, message: string, field?: string): RegistryCheck => ({
  code,
  ok,
  message,
  ...(field ? { field } : {}),
});

export function identifierChecks(identifier: string): RegistryCheck[] {
  let https = false;
  try {
    https = new URL(identifier).protocol === 'https:';
  } catch {
    https = false;
  }
  return [
    check(
      'IDENTIFIER_HTTPS',
      https,
      https
        ? 'The identifier is an https URL'
        : 'The identifier is not an https URL: the registry refuses any other; set PUBLIC_BASE_URL to the https address the node is reached at',
      'uniqueProductIdentifier',
    ),
    check(
      'IDENTIFIER_LENGTH',
      identifier.length <= MAX_IDENTIFIER_LENGTH,
      identifier.length <= MAX_IDENTIFIER_LENGTH
        ? `The identifier has ${identifier.length} characters (at most ${MAX_IDENTIFIER_LENGTH})`
        : `The identifier has ${identifier.length} characters, more than the registry's ${MAX_IDENTIFIER_LENGTH}: use a shorter PUBLIC_BASE_URL`,
      'uniqueProductIdentifier',
    ),
  ];
}

export interface OperatorFacts {
  regIdScheme: string;
  regId: string;
  /** The EORI check's answer: confirmed, not_found, or unchecked (no check ran). */
  registryStatus: string;
}

export function operatorCheck(operator: OperatorFacts): RegistryCheck {
  const field = 'economicOperatorId';
  if (operator.regIdScheme !== 'EORI') {
    return check(
      'OPERATOR_ID',
      false,
      `The economic operator is identified by ${operator.regIdScheme}; the registry asks for an EORI number: give the operator its EORI`,
      field,
    );
  }
  if (normaliseEori(operator.regId) === null) {
    return check('OPERATOR_ID', false, `${operator.regId} is not an EORI number in form`, field);
  }
  if (operator.registryStatus === 'not_found') {
    return check(
      'OPERATOR_ID',
      false,
      `The EORI number ${operator.regId} was not found in the EU EORI register: correct it on the operator`,
      field,
    );
  }
  const answer =
    operator.registryStatus === 'confirmed'
      ? 'confirmed by the EU EORI register'
      : 'in form (the register was not asked)';
  return check('OPERATOR_ID', true, `The EORI number ${operator.regId} is ${answer}`, field);
}

/** A facility's identifier: its GLN (checked when the facility was saved), or a facility id. */
export function facilityCheck(facility: { gln: string } | null, hasGlnCheckDigit: (gln: string) => boolean) {
  const field = 'facilityId';
  if (!facility) {
    return check(
      'FACILITY_ID',
      false,
      'No manufacturing facility is linked: link the facility the product is made in',
      field,
    );
  }
  const ok = /^\d{13}$/.test(facility.gln) && hasGlnCheckDigit(facility.gln);
  return check(
    'FACILITY_ID',
    ok,
    ok
      ? `The facility is identified by GLN ${facility.gln}`
      : `The facility's GLN ${facility.gln} is not valid`,
    field,
  );
}

export function commodityCheck(category: string, code: string | null): RegistryCheck {
  const field = 'commodityCode';
  if (code === null || code === '') {
    return check('COMMODITY_CODE', false, 'No commodity code: add the 8-digit CN code of the product', field);
  }
  const digits = normaliseCommodityCode(code);
  if (digits === null || digits.length !== 8) {
    return check(
      'COMMODITY_CODE',
      false,
      `${code} is not an 8-digit Combined Nomenclature code: the registry asks for the CN code, not the HS code`,
      field,
    );
  }
  if (!commodityCodeInRange(category, digits)) {
    const expected = COMMODITY_RANGES[category]?.label ?? '';
    return check(
      'COMMODITY_CODE',
      false,
      `${digits} is outside what ${category} are classified under (${expected}): check the classification`,
      field,
    );
  }
  return check('COMMODITY_CODE', true, `The commodity code ${digits} is in form and in range`, field);
}

export function sealedCheck(version: number, sealedVersion: number | null): RegistryCheck {
  const ok = sealedVersion === version;
  return check(
    'SEALED',
    ok,
    ok
      ? `Version ${version} is sealed`
      : `Version ${version} is not sealed: the registry keeps a hash of the passport, so seal it first`,
    'versionHash',
  );
}

/** The record's fields the served passport must say alike. */
export function fieldsMatch(
  record: RegistryRecord,
  served: {
    economicOperatorId?: unknown;
    facilityId?: unknown;
    granularity?: unknown;
    dppStatus?: unknown;
  } | null,
): RegistryCheck {
  if (!served) {
    return check(
      'FIELDS_MATCH',
      false,
      'The served passport could not be read, so its fields could not be compared',
    );
  }
  const differ: string[] = [];
  if (served.economicOperatorId !== record.economicOperatorId) differ.push('economicOperatorId');
  if ((served.facilityId ?? null) !== record.facilityId) differ.push('facilityId');
  if (served.granularity !== undefined && served.granularity !== record.granularity)
    differ.push('granularity');
  if (served.dppStatus !== undefined && served.dppStatus !== record.dppStatus) differ.push('dppStatus');
  return differ.length === 0
    ? check('FIELDS_MATCH', true, 'The served passport says what the record says')
    : check(
        'FIELDS_MATCH',
        false,
        `The served passport differs from the record in ${differ.join(', ')}`,
        differ[0],
      );
}

export const readyOf = (checks: readonly RegistryCheck[]) => checks.every((item) => item.ok);
