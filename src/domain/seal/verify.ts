// Offline verification of a sealed document, full or masked: the Merkle root rebuilt from the
// submitted values, the signature over the statement with the key of the seal certificate, the
// certificate against a CA, and the timestamp. Each check answers true, false, or null when it does
// not apply; every failure comes with a plain sentence.
import canonicalize from 'canonicalize';
import { samePublicKey } from '../crypto/keys.ts';
import { verifyTimestampToken } from '../crypto/rfc3161.ts';
import {
  certificateAllowsSealing,
  certificatePublicJwk,
  certificatePublicKey,
  verifyIssuedBy,
} from './certificates.ts';
import { isPlainObject } from './leaves.ts';
import { rootFromDocument } from './proof.ts';
import { readDigitalSeal, readProof, readSigningPublicKey } from './read.ts';
import { jwsSignatureBytes, statementBytes, statementOf, verifyStatementJws } from './statement.ts';
import type { DigitalSeal } from './types.ts';

/** How far a timestamp may precede the seal's own time (clock skew, the TSA's one-second rounding). */
export const TIMESTAMP_EARLY_TOLERANCE_MS = 5 * 60_000;
/** How long after sealing a timestamp may be made: it is requested as part of sealing. */
export const TIMESTAMP_LATEST_DELAY_MS = 60 * 60_000;
/** How far in the future a seal or timestamp may be dated, for clock skew. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

export interface SealChecks {
  merkleRoot: boolean;
  signature: boolean;
  /** null when no CA certificate was given. */
  certificateChain: boolean | null;
  /** null when the seal carries no timestamp (timestampStatus `none`) and none is required. */
  timestamp: boolean | null;
}

export interface SealVerification {
  valid: boolean;
  checks: SealChecks;
  reasons: string[];
}

export interface VerifyOptions {
  /** PEM of the seal CA; without it the chain is not checked (null). */
  caCertificatePem?: string;
  now?: Date;
  /** PEM certificates of TSAs (or their CAs) to trust; without them the TSA is not chain-checked. */
  tsaTrustAnchors?: readonly string[];
  /**
   * A seal without a timestamp fails (`checks.timestamp` false) instead of skipping the check. The
   * timestamp is outside the signature, so whoever holds a timestamped document can strip it; only
   * a verifier that requires one notices.
   */
  requireTimestamp?: boolean;
}

export const MISSING_TIMESTAMP_REASON =
  'The seal carries no RFC 3161 timestamp, and this verification requires one.';

async function checkSignature(
  document: Record<string, unknown>,
  seal: DigitalSeal,
  now: Date,
  reasons: string[],
) {
  const before = reasons.length;
  const key = readSigningPublicKey(document.signingPublicKey);
  if (!key.ok) reasons.push(...key.reasons);
  const publicKey = certificatePublicKey(seal.certificate);
  const certified = certificatePublicJwk(seal.certificate, seal.keyId);
  if (!publicKey || !certified) {
    reasons.push('The seal certificate is not a readable certificate of a P-256 key.');
    return false;
  }
  if (!certificateAllowsSealing(seal.certificate))
    reasons.push('The seal certificate does not allow signatures.');
  if (key.ok && !samePublicKey(key.value, certified)) {
    reasons.push('signingPublicKey is not the key of the seal certificate.');
  }
  if (key.ok && key.value.kid !== seal.keyId)
    reasons.push('signingPublicKey names another key id than the seal.');
  const jws = verifyStatementJws(seal.signature, publicKey, seal.keyId);
  if (!jws.ok) {
    reasons.push(jws.reason);
    return false;
  }
  const expected = statementBytes(statementOf(seal));
  if (!expected.equals(jws.payload)) {
    let signed: unknown;
    try {
      signed = JSON.parse(Buffer.from(jws.payload).toString('utf8'));
    } catch {
      signed = undefined;
    }
    const fields = ['alg', 'keyId', 'merkleRoot', 'passportId', 'sealedAt', 'type', 'version'] as const;
    const differing = isPlainObject(signed)
      ? fields.filter((field) => canonicalize(signed[field]) !== canonicalize(statementOf(seal)[field]))
      : [];
    reasons.push(
      differing.length > 0
        ? `The signed statement differs from the seal in: ${differing.join(', ')}.`
        : 'The signed statement is not the canonical statement of this seal.',
    );
  }
  if (typeof document.id === 'string' && document.id !== seal.passportId) {
    reasons.push(`The seal is for passport ${seal.passportId}, but the document is passport ${document.id}.`);
  }
  if (Date.parse(seal.sealedAt) > now.getTime() + FUTURE_TOLERANCE_MS)
    reasons.push('The seal is dated in the future.');
  return reasons.length === before;
}

async function checkTimestamp(seal: DigitalSeal, options: VerifyOptions, now: Date, reasons: string[]) {
  if (seal.timestamp === null) {
    if (seal.timestampStatus === 'none') {
      if (!options.requireTimestamp) return null;
      reasons.push(MISSING_TIMESTAMP_REASON);
      return false;
    }
    reasons.push('The seal says a timestamp was granted but carries none.');
    return false;
  }
  if (seal.timestampStatus !== 'granted') {
    reasons.push('The seal carries a timestamp but says none was granted.');
    return false;
  }
  const check = await verifyTimestampToken(
    Buffer.from(seal.timestamp.token, 'base64'),
    jwsSignatureBytes(seal.signature),
    options.tsaTrustAnchors
      ? { trustAnchors: options.tsaTrustAnchors, intermediates: seal.timestamp.tsaCertificates }
      : {},
  );
  reasons.push(...check.reasons);
  if (!check.genTime) return false;
  const genTime = check.genTime.getTime();
  const sealedAt = Date.parse(seal.sealedAt);
  let ok = check.ok;
  const fail = (sentence: string) => {
    reasons.push(sentence);
    ok = false;
  };
  if (Date.parse(seal.timestamp.genTime) !== genTime)
    fail('digitalSeal.timestamp.genTime differs from the token.');
  if (genTime < sealedAt - TIMESTAMP_EARLY_TOLERANCE_MS)
    fail('The timestamp is older than the seal it is over.');
  if (genTime > sealedAt + TIMESTAMP_LATEST_DELAY_MS)
    fail('The timestamp was made more than an hour after sealing.');
  if (genTime > now.getTime() + FUTURE_TOLERANCE_MS) fail('The timestamp is dated in the future.');
  return ok;
}

/**
 * Verifies a sealed passport document (full or masked) from its own content. Never throws for bad
 * input: an unsealed or malformed document answers `valid: false` with reasons.
 */
export async function verifySealedDocument(
  document: unknown,
  options: VerifyOptions = {},
): Promise<SealVerification> {
  try {
    return await verify(document, options);
  } catch (error) {
    // Every expected problem is a reason already; this is the net under anything unforeseen.
    return failed([`The document cannot be verified: ${(error as Error)?.message ?? 'unreadable input'}.`]);
  }
}

const failed = (reasons: string[]): SealVerification => ({
  valid: false,
  checks: { merkleRoot: false, signature: false, certificateChain: null, timestamp: null },
  reasons,
});

async function verify(document: unknown, options: VerifyOptions): Promise<SealVerification> {
  const now = options.now ?? new Date();
  if (!isPlainObject(document)) return failed(['The document is not a JSON object.']);
  const seal = readDigitalSeal(document.digitalSeal);
  const proof = readProof(document.proof);
  if (!seal.ok || !proof.ok)
    return failed([...(seal.ok ? [] : seal.reasons), ...(proof.ok ? [] : proof.reasons)]);

  const reasons: string[] = [];
  const rebuilt = rootFromDocument(document, proof.value);
  reasons.push(...rebuilt.reasons);
  const merkleRoot = rebuilt.root !== null && rebuilt.root === seal.value.merkleRoot;
  if (rebuilt.root !== null && !merkleRoot) {
    reasons.push(
      'The Merkle root rebuilt from the document differs from the sealed root: the content was changed.',
    );
  }
  const signature = await checkSignature(document, seal.value, now, reasons);
  let certificateChain: boolean | null = null;
  if (options.caCertificatePem !== undefined) {
    const sealedAt = new Date(seal.value.sealedAt);
    const issued = await verifyIssuedBy(seal.value.certificate, options.caCertificatePem, sealedAt);
    reasons.push(...issued.reasons);
    certificateChain = issued.ok;
  }
  const timestamp = await checkTimestamp(seal.value, options, now, reasons);
  const checks = { merkleRoot, signature, certificateChain, timestamp };
  const valid = merkleRoot && signature && certificateChain !== false && timestamp !== false;
  return { valid, checks, reasons };
}
