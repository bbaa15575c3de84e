// The salted Merkle tree of a seal. Leaf and interior hashes are domain-separated (0x00 / 0x01
// prefixes, as in RFC 6962) so that a leaf can never be passed off as an interior node. The salt
// makes a masked value impossible to guess from its hash, even when the value is a short code.
import { hash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { LeafValue } from './leaves.ts';

export const SALT_BYTES = 16;
const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;

// JCS of a leaf, `[path, value]`, is JSON.stringify's text whenever the strings in it are well formed:
// a leaf value is a scalar or an empty container, and JCS numbers are ECMAScript's, as in JSON. So
// the package (which allocates per call) is only needed to refuse a lone surrogate, and stays the
// reference for the rare string that has one.
// String.prototype.isWellFormed is in every Node this runs on (20 and later), though not in ES2023's types.
const wellFormed = (text: string) => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

function jcs(path: string, value: LeafValue): string {
  if (wellFormed(path) && (typeof value !== 'string' || wellFormed(value))) {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`${path} has no JSON form`);
    return JSON.stringify([path, value]);
  }
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError(`${path} has no JSON form`);
  return `[${canonicalize(path)},${text}]`;
}

/** The exact bytes a leaf hash is taken over: 0x00 ‖ salt ‖ UTF-8(JCS([path, value])). */
export function leafHashInput(path: string, value: LeafValue, salt: Uint8Array): Buffer {
  if (salt.length !== SALT_BYTES) throw new RangeError(`a leaf salt is ${SALT_BYTES} bytes`);
  const text = jcs(path, value);
  const input = Buffer.allocUnsafe(1 + SALT_BYTES + Buffer.byteLength(text, 'utf8'));
  input[0] = LEAF_PREFIX;
  input.set(salt, 1);
  input.write(text, 1 + SALT_BYTES, 'utf8');
  return input;
}

export function leafHash(path: string, value: LeafValue, salt: Uint8Array): Buffer {
  return hash('sha256', leafHashInput(path, value, salt), 'buffer');
}

// One buffer for every leaf a verification hashes: the salt is decoded and the text written straight
// into it, so a leaf costs one string and one hash, and no buffers of its own.
let scratch = Buffer.allocUnsafe(4096);

/**
 * leafHash with the salt still in its base64url text (checked canonical by the caller), for the
 * verifier's loop over every disclosed leaf.
 */
export function leafHashOfEncodedSalt(path: string, value: LeafValue, saltText: string): Buffer {
  const text = jcs(path, value);
  const most = 1 + SALT_BYTES + text.length * 3;
  if (scratch.length < most) scratch = Buffer.allocUnsafe(most * 2);
  scratch[0] = LEAF_PREFIX;
  if (scratch.write(saltText, 1, SALT_BYTES, 'base64url') !== SALT_BYTES)
    throw new RangeError(`a leaf salt is ${SALT_BYTES} bytes`);
  const length = 1 + SALT_BYTES + scratch.write(text, 1 + SALT_BYTES, 'utf8');
  return hash('sha256', scratch.subarray(0, length), 'buffer');
}

/** SHA-256(0x01 ‖ left ‖ right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  const input = Buffer.allocUnsafe(1 + left.length + right.length);
  input[0] = NODE_PREFIX;
  input.set(left, 1);
  input.set(right, 1 + left.length);
  return hash('sha256', input, 'buffer');
}

/**
 * Every level of the tree, leaves first, root last. Pairs are hashed left to right; an odd node at
 * the end of a level is promoted to the next level unchanged (the RFC 6962 shape).
 */
export function merkleLevels(leafHashes: readonly Uint8Array[]): Uint8Array[][] {
  if (leafHashes.length === 0) throw new RangeError('a Merkle tree needs at least one leaf');
  const levels: Uint8Array[][] = [[...leafHashes]];
  let level = levels[0] as Uint8Array[];
  while (level.length > 1) {
    level = nextLevel(level);
    levels.push(level);
  }
  return levels;
}

function nextLevel(level: readonly Uint8Array[]): Uint8Array[] {
  const next: Uint8Array[] = [];
  for (let i = 0; i + 1 < level.length; i += 2)
    next.push(nodeHash(level[i] as Uint8Array, level[i + 1] as Uint8Array));
  if (level.length % 2 === 1) next.push(level[level.length - 1] as Uint8Array);
  return next;
}

/** The root over leaf hashes given in leaf order. A single leaf is its own root. */
export function merkleRoot(leafHashes: readonly Uint8Array[]): Buffer {
  if (leafHashes.length === 0) throw new RangeError('a Merkle tree needs at least one leaf');
  let level: readonly Uint8Array[] = leafHashes;
  while (level.length > 1) level = nextLevel(level);
  return Buffer.from(level[0] as Uint8Array);
}
