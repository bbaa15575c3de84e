// Whether a document still matches its own seal: the Merkle root rebuilt from its values and its
// proof is the root the seal signs. No signature or certificate is checked (the node made those);
// this is the cheap question a write asks before it changes what a sealed passport shows.
import { isPlainObject } from './leaves.ts';
import { rootFromDocument } from './proof.ts';
import { readProof } from './read.ts';

export function sealHolds(document: unknown): boolean {
  if (!isPlainObject(document) || !isPlainObject(document.digitalSeal)) return false;
  const proof = readProof(document.proof);
  if (!proof.ok) return false;
  const rebuilt = rootFromDocument(document, proof.value);
  return rebuilt.root !== null && rebuilt.root === document.digitalSeal.merkleRoot;
}
