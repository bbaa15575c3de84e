// The UNTP release our credentials follow. One constant: moving to another release changes the
// context URL every credential carries, and that release's schema pins the URL with `const`.
export const UNTP_DPP_VERSION = '0.6.1';

export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const UNTP_DPP_CONTEXT = `https://test.uncefact.org/vocabulary/untp/dpp/${UNTP_DPP_VERSION}/`;

/** `@context` of a UNTP Digital Product Passport credential, in the order the schema requires. */
export const DPP_CREDENTIAL_CONTEXT = [VC_V2_CONTEXT, UNTP_DPP_CONTEXT] as const;

export const DPP_CREDENTIAL_TYPE = ['DigitalProductPassport', 'VerifiableCredential'] as const;
