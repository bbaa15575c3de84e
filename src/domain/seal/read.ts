// Reading the seal fields of a submitted document: each shape is checked before any cryptography, so
// verification can say plainly what is missing or malformed instead of failing somewhere deep.
import type { EcPublicJwk } from '../crypto/keys.ts';
import { isPlainObject, SEAL_EXCLUDED_FIELDS } from './leaves.ts';
import { type DigitalSeal, SEAL_FORMAT, type SealProof } from './types.ts';

const HEX_ROOT = /^[0-9a-f]{64}$/;
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const B64URL_COORDINATE = /^[A-Za-z0-9_-]{43}$/;

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Whether a document carries a seal at all (a `digitalSeal` object); the rest is for verification. */
export const hasSeal = (document: unknown): boolean =>
  isPlainObject(document) && isPlainObject(document.digitalSeal);

export type Read<T> = { ok: true; value: T } | { ok: false; reasons: string[] };

function readTimestamp(value: unknown, reasons: string[]): DigitalSeal['timestamp'] {
  if (value === null) return null;
  if (
    !isPlainObject(value) ||
    !isString(value.token) ||
    !isString(value.genTime) ||
    !Array.isArray(value.tsaCertificates) ||
    !value.tsaCertificates.every(isString)
  ) {
    reasons.push('digitalSeal.timestamp is neither null nor { token, genTime, tsaCertificates }.');
    return null;
  }
  return { token: value.token, genTime: value.genTime, tsaCertificates: value.tsaCertificates as string[] };
}

export function readDigitalSeal(value: unknown): Read<DigitalSeal> {
  if (!isPlainObject(value))
    return { ok: false, reasons: ['The document has no digitalSeal: it is not sealed.'] };
  const reasons: string[] = [];
  const expect = (ok: boolean, sentence: string) => {
    if (!ok) reasons.push(sentence);
  };
  expect(value.type === 'AdvancedElectronicSeal', 'digitalSeal.type is not AdvancedElectronicSeal.');
  expect(
    value.format === SEAL_FORMAT,
    `digitalSeal.format is not ${SEAL_FORMAT}, the only format this verifier reads.`,
  );
  expect(
    value.qualified === false,
    'digitalSeal.qualified is not false (these seals are advanced, not qualified).',
  );
  expect(value.algorithm === 'ES256', 'digitalSeal.algorithm is not ES256.');
  expect(isString(value.keyId), 'digitalSeal.keyId is missing.');
  expect(isString(value.passportId), 'digitalSeal.passportId is missing.');
  expect(
    Number.isSafeInteger(value.version) && (value.version as number) >= 1,
    'digitalSeal.version is not a positive integer.',
  );
  expect(
    isString(value.sealedAt) && !Number.isNaN(Date.parse(value.sealedAt)),
    'digitalSeal.sealedAt is not a timestamp.',
  );
  expect(
    typeof value.merkleRoot === 'string' && HEX_ROOT.test(value.merkleRoot),
    'digitalSeal.merkleRoot is not 64 lower-case hex digits.',
  );
  expect(
    typeof value.signature === 'string' && COMPACT_JWS.test(value.signature),
    'digitalSeal.signature is not a compact JWS.',
  );
  expect(isString(value.certificate), 'digitalSeal.certificate is missing.');
  expect(
    value.timestampStatus === 'granted' || value.timestampStatus === 'none',
    'digitalSeal.timestampStatus is neither granted nor none.',
  );
  const timestamp = readTimestamp(value.timestamp, reasons);
  if (reasons.length > 0) return { ok: false, reasons };
  // Every field of the seal was checked above (no reasons).
  return { ok: true, value: { ...(value as unknown as DigitalSeal), timestamp } };
}

export function readSigningPublicKey(value: unknown): Read<EcPublicJwk> {
  if (
    !isPlainObject(value) ||
    value.kty !== 'EC' ||
    value.crv !== 'P-256' ||
    typeof value.x !== 'string' ||
    !B64URL_COORDINATE.test(value.x) ||
    typeof value.y !== 'string' ||
    !B64URL_COORDINATE.test(value.y) ||
    !isString(value.kid)
  ) {
    return { ok: false, reasons: ['signingPublicKey is not a P-256 public JWK with a kid.'] };
  }
  if ('d' in value) return { ok: false, reasons: ['signingPublicKey carries private key material (d).'] };
  // Checked above: a P-256 public JWK with a kid and no private part.
  return { ok: true, value: value as unknown as EcPublicJwk };
}

const EXCLUDED: ReadonlySet<unknown> = new Set(SEAL_EXCLUDED_FIELDS);

/**
 * `proof.excludedFields` is a set (docs/sealing.md §8): the format fixes its members, so their order
 * says nothing and any order is accepted, but each must be there exactly once and nothing else.
 */
const isExcludedFieldSet = (value: unknown) =>
  Array.isArray(value) &&
  value.length === EXCLUDED.size &&
  new Set(value).size === value.length &&
  value.every((field) => EXCLUDED.has(field));

export function readProof(value: unknown): Read<SealProof> {
  if (!isPlainObject(value)) return { ok: false, reasons: ['The document has no proof.'] };
  const reasons: string[] = [];
  if (value.type !== 'SaltedMerkleTree') reasons.push('proof.type is not SaltedMerkleTree.');
  if (value.hashAlgorithm !== 'SHA-256') reasons.push('proof.hashAlgorithm is not SHA-256.');
  if (value.leafHashInput !== SEAL_FORMAT) reasons.push(`proof.leafHashInput is not ${SEAL_FORMAT}.`);
  if (!isExcludedFieldSet(value.excludedFields)) {
    reasons.push(
      `proof.excludedFields is not the set of ${EXCLUDED.size} field names ${SEAL_FORMAT} fixes (in any order, each once).`,
    );
  }
  if (!Number.isSafeInteger(value.leafCount) || (value.leafCount as number) < 1) {
    reasons.push('proof.leafCount is not a positive integer.');
  }
  if (!isPlainObject(value.leafSalts)) reasons.push('proof.leafSalts is not an object.');
  if (!isPlainObject(value.redactedLeaves)) reasons.push('proof.redactedLeaves is not an object.');
  if (reasons.length > 0) return { ok: false, reasons };
  // Every field of the proof was checked above (no reasons).
  return { ok: true, value: value as unknown as SealProof };
}
