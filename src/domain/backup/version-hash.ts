// The version hash of a document as an owner read serves it: the node's annotations beside the
// sealed document (`versionHash`, `backupUri`, `backup`) are left out, so the hash is the sealed
// document's whichever read it is taken from.
import { OWNER_ANNOTATION_FIELDS } from '../seal/leaves.ts';
import { versionHash } from './copy.ts';

/** The sealed document without the owner read's annotations. */
export function withoutAnnotations(document: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...document };
  for (const field of OWNER_ANNOTATION_FIELDS) delete copy[field];
  return copy;
}

/** `sha256:` + lower-case hex of the document's RFC 8785 form, annotations left out. */
export function versionHashOf(document: unknown): string {
  return versionHash(
    document && typeof document === 'object' && !Array.isArray(document)
      ? withoutAnnotations(document as Record<string, unknown>)
      : document,
  );
}
