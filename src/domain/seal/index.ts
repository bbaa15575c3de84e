// Advanced electronic seals over passport documents (format opendpp-seal/1, docs/sealing.md): the
// public surface of this folder.
export {
  certificateCommonName,
  certificatePublicJwk,
  createSealCa,
  issueWorkspaceCertificate,
  type SealCa,
  verifyIssuedBy,
  WORKSPACE_URI_PREFIX,
  workspaceIdOfCertificate,
} from './certificates.ts';
export { sealHolds } from './holds.ts';
export {
  type Leaf,
  type LeafValue,
  OWNER_ANNOTATION_FIELDS,
  SEAL_EXCLUDED_FIELDS,
  sealableLeaves,
} from './leaves.ts';
export { maskedProof } from './mask.ts';
export { leafHash, leafHashInput, merkleLevels, merkleRoot, nodeHash } from './merkle.ts';
export { rootFromDocument } from './proof.ts';
export { hasSeal, readDigitalSeal } from './read.ts';
export { type SealOptions, sealDocument } from './seal.ts';
export { digitalSealAsServed, proofAsServed, signingPublicKeyAsServed } from './served-order.ts';
export { jwsSignatureBytes, statementBytes, statementOf } from './statement.ts';
export type { DigitalSeal, SealFields, SealProof, SealStatement } from './types.ts';
export {
  type SealChecks,
  type SealVerification,
  type VerifyOptions,
  verifySealedDocument,
} from './verify.ts';
