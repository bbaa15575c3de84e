// The seal fields in the order docs/sealing.md §6 writes them. A stored seal comes back from jsonb
// with its members reordered (shorter keys first), so `proof.leafSalts` would no longer be in path
// order; every document the node serves puts the fields back into the documented order first.
// Member order carries no meaning for verification (a verifier reads by name and sorts leaves by
// path itself); serving one order keeps the text of a document the same whatever stored it.
import { comparePaths, isPlainObject } from './leaves.ts';

const DIGITAL_SEAL_MEMBERS = [
  'type',
  'format',
  'qualified',
  'algorithm',
  'keyId',
  'passportId',
  'version',
  'sealedAt',
  'merkleRoot',
  'signature',
  'certificate',
  'timestamp',
  'timestampStatus',
];
const TIMESTAMP_MEMBERS = ['token', 'genTime', 'tsaCertificates'];
const PUBLIC_KEY_MEMBERS = ['kty', 'crv', 'x', 'y', 'kid', 'alg', 'use'];
const PROOF_MEMBERS = [
  'type',
  'hashAlgorithm',
  'leafHashInput',
  'excludedFields',
  'leafCount',
  'leafSalts',
  'redactedLeaves',
];

/** `value` with `members` first, in that order, then any other member as it came. */
function withMembersInOrder(value: Record<string, unknown>, members: readonly string[]) {
  const known = members.filter((member) => Object.hasOwn(value, member));
  const others = Object.keys(value).filter((member) => !members.includes(member));
  // fromEntries defines members as data, so even a stray `__proto__` stays a plain member.
  return Object.fromEntries([...known, ...others].map((member) => [member, value[member]]));
}

/** A path-keyed map (leafSalts, redactedLeaves) in path order: UTF-16 code units, as §2 orders leaves. */
const inPathOrder = (value: unknown) =>
  isPlainObject(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => comparePaths(a, b)))
    : value;

export function digitalSealAsServed(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const seal = withMembersInOrder(value, DIGITAL_SEAL_MEMBERS);
  if (isPlainObject(seal.timestamp)) seal.timestamp = withMembersInOrder(seal.timestamp, TIMESTAMP_MEMBERS);
  return seal;
}

export const signingPublicKeyAsServed = (value: unknown): unknown =>
  isPlainObject(value) ? withMembersInOrder(value, PUBLIC_KEY_MEMBERS) : value;

export function proofAsServed(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const proof = withMembersInOrder(value, PROOF_MEMBERS);
  if (Object.hasOwn(proof, 'leafSalts')) proof.leafSalts = inPathOrder(proof.leafSalts);
  if (Object.hasOwn(proof, 'redactedLeaves')) proof.redactedLeaves = inPathOrder(proof.redactedLeaves);
  return proof;
}
