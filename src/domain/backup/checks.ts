// What a backup host checks before it keeps a document as a copy (docs/backup.md, "Pushing a
// version"): sealed, the passport and version of the path, a seal that verifies with the verifier of
// `opendpp verify` and chains to the partner's pinned CA, and the whole document, not a masked view.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { hasSeal, verifySealedDocument } from '../seal/index.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a PEM text cannot be a partner's pinned seal CA, or null when it can. */
export function sealCaProblem(pem: string): string | null {
  let certificate: x509.X509Certificate;
  try {
    certificate = new x509.X509Certificate(pem.trim());
  } catch {
    return 'sealCaPem is not a readable PEM certificate';
  }
  if (certificate.getExtension(x509.BasicConstraintsExtension)?.ca !== true)
    return 'sealCaPem is not a CA certificate (it has no basicConstraints CA)';
  return null;
}

/**
 * Whether two PEM texts hold the same certificate (the same DER bytes, whatever the line breaks and
 * surrounding text); false when either is not a readable certificate.
 */
export function sameCertificate(a: string, b: string): boolean {
  try {
    const left = new Uint8Array(new x509.X509Certificate(a.trim()).rawData);
    const right = new Uint8Array(new x509.X509Certificate(b.trim()).rawData);
    return left.length === right.length && left.every((byte, i) => byte === right[i]);
  } catch {
    return false;
  }
}

export interface CopyPath {
  passportId: string;
  version: number;
}

/** The reason a document cannot be kept as the copy the path names, or null when it can. */
export async function copyRefusal(
  document: unknown,
  path: CopyPath,
  caPem: string,
  now: Date,
): Promise<string | null> {
  if (!isObject(document) || !hasSeal(document))
    return 'The document is not sealed: a host keeps sealed versions only.';
  const seal = document.digitalSeal as Record<string, unknown>;
  if (seal.passportId !== path.passportId || document.id !== path.passportId)
    return `The document is sealed as passport ${String(seal.passportId)}, not ${path.passportId} of the path.`;
  if (seal.version !== path.version)
    return `The seal is over version ${String(seal.version)}, not version ${path.version} of the path.`;
  const result = await verifySealedDocument(document, { caCertificatePem: caPem, now });
  if (!result.valid || result.checks.certificateChain !== true) {
    const chain =
      result.checks.certificateChain === false ? " It does not chain to the partner's seal CA." : '';
    return `The seal does not verify.${chain} ${result.reasons.join(' ')}`.trim();
  }
  const redacted = (document.proof as { redactedLeaves?: unknown }).redactedLeaves;
  if (isObject(redacted) && Object.keys(redacted).length > 0)
    return 'The document is a masked view: a host keeps the whole sealed document.';
  return null;
}
