// The proof of a masked view. Masking removes values (object members, whole arrays, or the tail of
// an array) from a sealed document; each leaf that disappears moves to `redactedLeaves` with its
// true hash and loses its salt, so the seal still verifies offline and the hidden value cannot be
// guessed from what remains.
import canonicalize from 'canonicalize';
import { comparePaths, isEmptyContainer, isPlainObject, type Leaf, sealableLeaves } from './leaves.ts';
import { leafHash } from './merkle.ts';
import { decodeSalt, isLeafHash } from './proof.ts';
import type { SealProof } from './types.ts';

function readProof(document: unknown): SealProof {
  const proof = isPlainObject(document) ? document.proof : undefined;
  if (!isPlainObject(proof) || !isPlainObject(proof.leafSalts) || !isPlainObject(proof.redactedLeaves)) {
    throw new TypeError('the full document is not sealed: it has no proof with leaf salts');
  }
  // Checked above: an object carrying the leaf salts and redacted leaves masking reads.
  return proof as unknown as SealProof;
}

const sameValue = (a: Leaf['value'], b: Leaf['value']) => a === b || canonicalize(a) === canonicalize(b);

/**
 * The `proof` of `maskedDocument`, a view of the sealed `fullDocument` with values removed (and
 * perhaps a `restrictedData` marker added). Throws when the view holds a value the sealed document
 * does not hold at the same path: a view may only remove.
 */
export function maskedProof(fullDocument: unknown, maskedDocument: unknown): SealProof {
  const proof = readProof(fullDocument);
  const shown = new Map(sealableLeaves(maskedDocument).map((leaf) => [leaf.path, leaf.value]));
  const leafSalts: Record<string, string> = {};
  const redacted: [string, string][] = Object.entries(proof.redactedLeaves);
  for (const leaf of sealableLeaves(fullDocument)) {
    const salt = proof.leafSalts[leaf.path];
    const saltBytes = decodeSalt(salt);
    if (!saltBytes) throw new TypeError(`the full document's proof has no valid salt for ${leaf.path}`);
    if (shown.has(leaf.path) && sameValue(shown.get(leaf.path) as Leaf['value'], leaf.value)) {
      leafSalts[leaf.path] = salt as string;
      shown.delete(leaf.path);
    } else {
      redacted.push([leaf.path, leafHash(leaf.path, leaf.value, saltBytes).toString('hex')]);
    }
  }
  const redactedPaths = redacted.map(([path]) => path);
  for (const [path, value] of shown) {
    const remainder = isEmptyContainer(value) && redactedPaths.some((p) => p.startsWith(`${path}/`));
    if (!remainder)
      throw new TypeError(`the masked view holds a value at ${path} that the sealed document does not`);
  }
  for (const [path, hash] of redacted) {
    if (!isLeafHash(hash))
      throw new TypeError(`the full document's proof has a malformed redacted leaf ${path}`);
  }
  redacted.sort((a, b) => comparePaths(a[0], b[0]));
  return {
    type: proof.type,
    hashAlgorithm: proof.hashAlgorithm,
    leafHashInput: proof.leafHashInput,
    excludedFields: [...proof.excludedFields],
    leafCount: proof.leafCount,
    leafSalts,
    redactedLeaves: Object.fromEntries(redacted),
  };
}
