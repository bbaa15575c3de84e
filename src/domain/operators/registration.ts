// How an economic operator is registered: its role, the registry scheme that issued its id, and the
// shape that id must have. The economicOperatorId of passports is built from the two here.

export const OPERATOR_ROLES = [
  'MANUFACTURER',
  'IMPORTER',
  'DISTRIBUTOR',
  'AUTHORISED_REPRESENTATIVE',
  'FULFILMENT_SERVICE_PROVIDER',
  'DEALER',
] as const;

export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const EORI_SCHEME = 'EORI';

/** `EORI` or a national registry code such as `DE-HRB` or `FR-SIREN`. */
export const SCHEME_PATTERN = '^[A-Z0-9][A-Z0-9-]{0,14}[A-Z0-9]$';

// An EORI is a two-letter country code (EU member states, but also GB and XI, which are not all
// ISO countries) followed by up to 15 alphanumerics (Regulation (EU) No 952/2013, UCC DA art. 1).
const EORI_SHAPE = /^[A-Z]{2}[A-Z0-9]{1,15}$/;

// National registry numbers vary too much to check per registry; this keeps them usable inside a
// `<scheme>:<id>` identifier and a URL path: no spaces, no colons, no markup.
const NATIONAL_ID_SHAPE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

export type RegIdCheck = { ok: true; regId: string } | { ok: false; message: string };

/** The EORI in its canonical form (trimmed, upper case), or null when it cannot be one. */
export function normaliseEori(raw: string): string | null {
  const eori = raw.trim().toUpperCase();
  return EORI_SHAPE.test(eori) ? eori : null;
}

/** Checks a registration id against its scheme and returns the form to store. */
export function checkRegId(scheme: string, raw: string): RegIdCheck {
  if (scheme === EORI_SCHEME) {
    const eori = normaliseEori(raw);
    if (eori !== null) return { ok: true, regId: eori };
    return {
      ok: false,
      message:
        'regId is not an EORI number: expected a two-letter country code and up to 15 letters or digits',
    };
  }
  const regId = raw.trim();
  if (NATIONAL_ID_SHAPE.test(regId)) return { ok: true, regId };
  return {
    ok: false,
    message: 'regId must be 1 to 64 letters, digits, dots, hyphens, underscores or slashes, without spaces',
  };
}

// The EU member states by the ISO 3166-1 code their EORIs begin with (Greece's EORIs begin GR, as
// its ISO code, not EL as its VAT numbers do). An operator established in one of them holds the
// EORI its own customs authority issued; an operator established outside the EU holds one from the
// member state where it first declared goods, so any member state's prefix fits it.
const EU_EORI_COUNTRIES = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/** The country an EORI's prefix names: XI (Northern Ireland) is issued by the United Kingdom. */
const eoriCountry = (eori: string) => {
  const prefix = eori.slice(0, 2);
  return prefix === 'XI' ? 'GB' : prefix;
};

/**
 * Why an EORI cannot belong to an operator established in `country`, or null when it can: an
 * operator established in a member state (or the United Kingdom) holds that country's EORI, so
 * "DE…" with country FR is a mistake, most often a country picked wrongly ("GE" for Germany).
 * Operators established elsewhere, or with no country given, are not judged.
 */
export function eoriCountryProblem(eori: string, country: string | null | undefined): string | null {
  if (!country || !(EU_EORI_COUNTRIES.has(country) || country === 'GB')) return null;
  const issuer = eoriCountry(eori);
  if (issuer === country) return null;
  return `regId ${eori} is an EORI issued by ${issuer}, but country is ${country}: an operator established in ${country} holds an EORI of ${country}`;
}

/** The identifier passports carry: `<scheme-code>:<registry-id>`, e.g. `EORI:DE123456789`. */
export function economicOperatorId(scheme: string, regId: string): string {
  return `${scheme}:${regId}`;
}
