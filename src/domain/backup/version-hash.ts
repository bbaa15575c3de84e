// The hash an EU registry entry carries for a passport version: SHA-256 over the RFC 8785 (JCS)
// canonical form of the sealed document, so any party holding the document, whatever its key order
// or whitespace, computes the same value.
import { hash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { OWNER_ANNOTATION_FIELDS } from '../seal/leaves.ts';

/** The sealed document without the owner read's annotations. */
export function withoutAnnotations(document: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...document };
  for (const field of OWNER_ANNOTATION_FIELDS) delete copy[field];
  return copy;
}

/** `sha256:` + lower-case hex of the document's canonical form (annotations left out). */
export function versionHashOf(document: unknown): string {
  const canonical = canonicalize(
    document && typeof document === 'object' && !Array.isArray(document)
      ? withoutAnnotations(document as Record<string, unknown>)
      : document,
  );
  if (canonical === undefined) throw new TypeError('the document has no JSON form');
  return `sha256:${hash('sha256', canonical, 'hex')}`;
}
