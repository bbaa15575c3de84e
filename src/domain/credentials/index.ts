// Verifiable credentials of passports (docs/credentials.md): the public surface of this folder.

export {
  CRYPTOSUITE,
  type DataIntegrityOptions,
  type DataIntegrityProof,
  hashData,
  signDataIntegrity,
  VC_LD_MEDIA_TYPE,
  verifyDataIntegrity,
} from './data-integrity.ts';
export {
  assertionKey,
  type DidDocument,
  type DidDocumentInput,
  type DidKey,
  didDocument,
  didWebFor,
  didWebUrl,
  RESOLVER_SERVICE_TYPE,
  verificationMethodId,
} from './did-web.ts';
export {
  buildDppCredential,
  type CredentialPassport,
  type CredentialUnit,
  type DppCredential,
  type DppCredentialInput,
  operatorUri,
  type ProductPassportSubject,
} from './dpp-credential.ts';
export { fieldPointers } from './json-pointer.ts';
export { credentialContextUrl, credentialMetadataContext } from './metadata-context.ts';
export {
  CREDENTIAL_FORMS,
  type CredentialForm,
  EXPECTED_UNTP_FIELDS,
  type PassportReadiness,
  passportReadiness,
  type ReadinessCode,
  type ReadinessGap,
  type ReadinessOptions,
  type ReadinessPassport,
  type ReadinessTotals,
  readinessTotals,
  vcReadiness,
} from './readiness.ts';
export {
  type CredentialCacheKeyInput,
  credentialCacheKey,
  revokes,
  type SubjectStatuses,
  suspends,
} from './revocation.ts';
export {
  DPP_VCT,
  issueSdJwtVc,
  presentSdJwtVc,
  SD_JWT_VC_MEDIA_TYPE,
  SD_JWT_VC_TYP,
  type SdJwtVcIssueOptions,
  sdJwtVcClaims,
  type VerifiedSdJwtVc,
  verifySdJwtVc,
} from './sd-jwt-vc.ts';
export {
  allocateStatusIndex,
  type BitstringStatusListEntry,
  emptyEncodedList,
  readStatusBit,
  STATUS_LIST_LENGTH,
  STATUS_PURPOSES,
  type StatusEntryInput,
  type StatusListCredential,
  type StatusListCredentialInput,
  type StatusPurpose,
  setStatusBit,
  setStatusBits,
  statusListCredential,
  statusListEntry,
} from './status-list.ts';
export { DPP_CREDENTIAL_CONTEXT, UNTP_DPP_CONTEXT, UNTP_DPP_VERSION, VC_V2_CONTEXT } from './untp.ts';
export {
  type CredentialSigningKey,
  envelopeVcJwt,
  signVcJwt,
  unwrapEnvelope,
  VC_JWT_MEDIA_TYPE,
  VC_JWT_TYP,
  type VcJwtOptions,
  type VerifiedVcJwt,
  verifyVcJwt,
} from './vc-jwt.ts';
export { type KeyResolver, keysOfDidDocument, type Verification } from './verification.ts';
