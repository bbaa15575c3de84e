// The `proof` of a sealed document and the root it leads to. Disclosed leaves travel with their
// salts; masked leaves with their hashes only. Rebuilding the root from a document and its proof is
// the whole of the Merkle check, so it is strict: a value without a salt, a salt without a value, a
// path both disclosed and masked, or a wrong count each fail with a sentence saying so.
import { randomBytes } from 'node:crypto';
import { comparePaths, isEmptyContainer, type Leaf, SEAL_EXCLUDED_FIELDS, sealableLeaves } from './leaves.ts';
import { leafHash, leafHashOfEncodedSalt, merkleRoot, SALT_BYTES } from './merkle.ts';
import { SEAL_FORMAT, type SealProof } from './types.ts';

/** A fresh random salt for every leaf. */
export function randomSalts(leaves: readonly Leaf[]): Map<string, Buffer> {
  const pool = randomBytes(SALT_BYTES * leaves.length);
  return new Map(leaves.map((leaf, i) => [leaf.path, pool.subarray(i * SALT_BYTES, (i + 1) * SALT_BYTES)]));
}

/** The proof and root of a full document: every leaf disclosed with its salt. Leaves in path order. */
export function proofOf(
  leaves: readonly Leaf[],
  salts: ReadonlyMap<string, Uint8Array>,
): { proof: SealProof; root: string } {
  if (leaves.length === 0)
    throw new RangeError('there is nothing to seal: the document has no sealable values');
  const leafSalts: Record<string, string> = {};
  const hashes = leaves.map(({ path, value }) => {
    const salt = salts.get(path);
    if (!salt) throw new RangeError(`no salt for ${path}`);
    leafSalts[path] = Buffer.from(salt).toString('base64url');
    return leafHash(path, value, salt);
  });
  return {
    proof: {
      type: 'SaltedMerkleTree',
      hashAlgorithm: 'SHA-256',
      leafHashInput: SEAL_FORMAT,
      excludedFields: [...SEAL_EXCLUDED_FIELDS],
      leafCount: leaves.length,
      leafSalts,
      redactedLeaves: {},
    },
    root: merkleRoot(hashes).toString('hex'),
  };
}

// 16 bytes are 22 base64url characters; the last carries 2 bits, so only A, Q, g and w are canonical.
const SALT_TEXT = /^[A-Za-z0-9_-]{21}[AQgw]$/;
const HASH_TEXT = /^[0-9a-f]{64}$/;

/** A salt from proof.leafSalts, or null when it is not 16 bytes of base64url. */
export function decodeSalt(text: unknown): Buffer | null {
  if (typeof text !== 'string' || !SALT_TEXT.test(text)) return null;
  const salt = Buffer.from(text, 'base64url');
  return salt.length === SALT_BYTES ? salt : null;
}

export const isLeafHash = (text: unknown): text is string => typeof text === 'string' && HASH_TEXT.test(text);

/** Whether an empty object or array at `path` only remains because everything under it was masked. */
const isMaskedRemainder = (leaf: Leaf, redactedPaths: readonly string[]) =>
  isEmptyContainer(leaf.value) && redactedPaths.some((path) => path.startsWith(`${leaf.path}/`));

/**
 * The root a document and its proof lead to, or the reasons it cannot be rebuilt. An empty object or
 * array that only remains because every value under it was masked is structure, not a leaf.
 */
export function rootFromDocument(
  document: Record<string, unknown>,
  proof: Pick<SealProof, 'leafCount' | 'leafSalts' | 'redactedLeaves'>,
): { root: string; reasons: [] } | { root: null; reasons: string[] } {
  let leaves: Leaf[];
  try {
    leaves = sealableLeaves(document);
  } catch (error) {
    return {
      root: null,
      reasons: [`The document cannot be read as sealed content: ${(error as Error).message}.`],
    };
  }
  const reasons: string[] = [];
  const redactedPaths = Object.keys(proof.redactedLeaves);
  const entries: { path: string; hash: Buffer }[] = [];
  // Paths are unique, so when every salt met a value there is no salt left without one; the set of
  // disclosed paths is only built to name the strays when the counts differ.
  let disclosedCount = 0;
  for (const leaf of leaves) {
    const saltText = Object.hasOwn(proof.leafSalts, leaf.path) ? proof.leafSalts[leaf.path] : undefined;
    if (saltText === undefined) {
      if (!isMaskedRemainder(leaf, redactedPaths)) {
        reasons.push(
          `The value at ${leaf.path || '/'} has no salt in the proof, so it is not part of the seal.`,
        );
      }
      continue;
    }
    disclosedCount++;
    if (typeof saltText !== 'string' || !SALT_TEXT.test(saltText)) {
      reasons.push(`The salt of ${leaf.path} is not 16 bytes of base64url.`);
    } else if (redactedPaths.length > 0 && Object.hasOwn(proof.redactedLeaves, leaf.path)) {
      reasons.push(`${leaf.path} is both disclosed and listed as redacted.`);
    } else {
      try {
        entries.push({ path: leaf.path, hash: leafHashOfEncodedSalt(leaf.path, leaf.value, saltText) });
      } catch {
        reasons.push(
          `The value at ${leaf.path} has no canonical JSON form (RFC 8785 refuses lone surrogates).`,
        );
      }
    }
  }
  const saltPaths = Object.keys(proof.leafSalts);
  let leafPaths: Set<string> | undefined;
  const disclosed = (path: string) => {
    if (!Object.hasOwn(proof.leafSalts, path)) return false;
    leafPaths ??= new Set(leaves.map((leaf) => leaf.path));
    return leafPaths.has(path);
  };
  if (disclosedCount !== saltPaths.length) {
    for (const path of saltPaths) {
      if (!disclosed(path))
        reasons.push(`The proof has a salt for ${path}, but the document has no value there.`);
    }
  }
  let redacted = false;
  for (const [path, hash] of Object.entries(proof.redactedLeaves)) {
    if (!isLeafHash(hash)) reasons.push(`The redacted leaf ${path} is not a lower-case hex SHA-256 hash.`);
    else if (!disclosed(path)) {
      entries.push({ path, hash: Buffer.from(hash, 'hex') });
      redacted = true;
    }
  }
  if (reasons.length === 0 && entries.length !== proof.leafCount) {
    reasons.push(
      `The proof counts ${proof.leafCount} leaves, but the document and its redacted leaves make ${entries.length}.`,
    );
  }
  if (reasons.length === 0 && entries.length === 0) reasons.push('The document has no sealed values.');
  if (reasons.length > 0) return { root: null, reasons };
  // Disclosed leaves come in path order already; redacted ones have to be merged in.
  if (redacted) entries.sort((a, b) => comparePaths(a.path, b.path));
  return { root: merkleRoot(entries.map((entry) => entry.hash)).toString('hex'), reasons: [] };
}
