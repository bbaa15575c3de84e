// Whether each credential form can be issued for a passport now, and what it lacks. Blocking gaps
// stop issuance; the others leave a credential that verifies but says less than UNTP provides for.
import { buildDppCredential, type CredentialPassport } from './dpp-credential.ts';

export const CREDENTIAL_FORMS = ['vc+jwt', 'vc+ld+json', 'dc+sd-jwt'] as const;
export type CredentialForm = (typeof CREDENTIAL_FORMS)[number];

export type ReadinessCode =
  | 'NO_SIGNING_KEY'
  | 'NOT_PUBLISHED'
  | 'NO_OPERATOR_IDENTIFIER'
  | 'NOT_SEALED'
  | 'UNTP_FIELD_MISSING';

export interface ReadinessGap {
  code: ReadinessCode;
  blocking: boolean;
  /** For UNTP_FIELD_MISSING: the JSON pointer of the absent field in the credential. */
  field?: string;
  message: string;
}

export interface PassportReadiness {
  passportId: string;
  productId: string;
  category: string;
  /** True when the form can be issued now (no blocking gap). */
  forms: Record<CredentialForm, boolean>;
  /** True when nothing at all is missing. */
  complete: boolean;
  missing: ReadinessGap[];
}

/** The owner document of a passport, as the passport list serves it. */
export interface ReadinessPassport extends CredentialPassport {
  status: string;
  digitalSeal?: unknown;
}

export interface ReadinessOptions {
  /** Whether the workspace has an active credential signing key. */
  hasSigningKey: boolean;
}

const SUBJECT = '/credentialSubject';
const PRODUCT = `${SUBJECT}/product`;
const COMMON = [
  `${PRODUCT}/producedByParty`,
  `${PRODUCT}/producedAtFacility`,
  `${PRODUCT}/countryOfProduction`,
];
const NAMED = [`${PRODUCT}/name`, `${PRODUCT}/description`];

/** The UNTP fields our mapping fills for a category when its metadata has the data. */
export const EXPECTED_UNTP_FIELDS: Readonly<Record<string, readonly string[]>> = {
  batteries: [
    ...NAMED,
    `${PRODUCT}/dimensions`,
    `${SUBJECT}/conformityClaim`,
    `${SUBJECT}/materialsProvenance`,
    `${SUBJECT}/dueDiligenceDeclaration`,
  ],
  textiles: [
    ...NAMED,
    `${SUBJECT}/conformityClaim`,
    `${SUBJECT}/materialsProvenance`,
    `${SUBJECT}/circularityScorecard`,
  ],
  electronics: [...NAMED, `${SUBJECT}/conformityClaim`, `${SUBJECT}/circularityScorecard`],
  chemicals: [...NAMED, `${SUBJECT}/conformityClaim`],
  construction: [...NAMED, `${SUBJECT}/conformityClaim`, `${SUBJECT}/circularityScorecard`],
  'iron-steel': [`${SUBJECT}/conformityClaim`, `${SUBJECT}/circularityScorecard`],
  aluminium: [`${SUBJECT}/conformityClaim`, `${SUBJECT}/circularityScorecard`],
  cosmetics: [`${PRODUCT}/name`],
  toys: [`${PRODUCT}/name`],
};

function present(credential: unknown, pointer: string): boolean {
  let node = credential;
  for (const segment of pointer.slice(1).split('/')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return node !== undefined && node !== null && node !== '';
}

// Placeholders: readiness looks at what the passport fills, not at who signs it.
const PROBE = {
  issuerDid: 'did:web:readiness.invalid',
  statusEntry: { listUrl: 'https://readiness.invalid/status', index: 0 },
  validFrom: '2000-01-01T00:00:00Z',
};

/** The readiness of one passport. */
export function passportReadiness(passport: ReadinessPassport, options: ReadinessOptions): PassportReadiness {
  const missing: ReadinessGap[] = [];
  if (!options.hasSigningKey) {
    missing.push({
      code: 'NO_SIGNING_KEY',
      blocking: true,
      message: 'the workspace has no active signing key',
    });
  }
  if (passport.status === 'DRAFT') {
    missing.push({
      code: 'NOT_PUBLISHED',
      blocking: true,
      message: 'a draft is not published, so it has no credential',
    });
  }
  const operator = passport.economicOperator;
  if (!operator?.name || !operator.regId || !operator.regIdScheme) {
    missing.push({
      code: 'NO_OPERATOR_IDENTIFIER',
      blocking: true,
      message: 'the economic operator has no registry identifier',
    });
  }
  if (passport.digitalSeal === null || passport.digitalSeal === undefined) {
    missing.push({ code: 'NOT_SEALED', blocking: false, message: 'the passport is not sealed' });
  }
  const credential = buildDppCredential({ passport, tier: 'owner', ...PROBE });
  const fields = [...(EXPECTED_UNTP_FIELDS[passport.category] ?? []), ...COMMON];
  for (const field of fields) {
    const fallbackName =
      field === `${PRODUCT}/name` && credential.credentialSubject.product.name === passport.productId;
    if (!present(credential, field) || fallbackName) {
      missing.push({
        code: 'UNTP_FIELD_MISSING',
        blocking: false,
        field,
        message: `the passport has no data for the UNTP field ${field}`,
      });
    }
  }
  const ready = !missing.some((gap) => gap.blocking);
  return {
    passportId: passport.id,
    productId: passport.productId,
    category: passport.category,
    forms: { 'vc+jwt': ready, 'vc+ld+json': ready, 'dc+sd-jwt': ready },
    complete: missing.length === 0,
    missing,
  };
}

export interface ReadinessTotals {
  passports: number;
  /** Passports each form can be issued for now. */
  ready: Record<CredentialForm, number>;
  complete: number;
  /** How many passports have each gap code. */
  gaps: Partial<Record<ReadinessCode, number>>;
}

/** Catalog totals over readiness items (the whole catalog, not a page). */
export function readinessTotals(items: Iterable<PassportReadiness>): ReadinessTotals {
  const totals: ReadinessTotals = {
    passports: 0,
    ready: { 'vc+jwt': 0, 'vc+ld+json': 0, 'dc+sd-jwt': 0 },
    complete: 0,
    gaps: {},
  };
  for (const item of items) {
    totals.passports++;
    for (const form of CREDENTIAL_FORMS) if (item.forms[form]) totals.ready[form]++;
    if (item.complete) totals.complete++;
    for (const code of new Set(item.missing.map((gap) => gap.code)))
      totals.gaps[code] = (totals.gaps[code] ?? 0) + 1;
  }
  return totals;
}

/** Readiness of each passport and the totals over them. */
export function vcReadiness(passports: readonly ReadinessPassport[], options: ReadinessOptions) {
  const items = passports.map((passport) => passportReadiness(passport, options));
  return { passports: items, totals: readinessTotals(items) };
}
