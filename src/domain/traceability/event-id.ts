// The id of an event that arrives without one. It must be stable (the same event captured twice gets
// the same id, so a retried capture does not duplicate it) and must not change when an error
// declaration is later attached to the event. So: SHA-256 over the JSON Canonicalization Scheme
// (RFC 8785) form of the event without the fields that are not part of what happened (@context,
// eventID, recordTime, errorDeclaration), written as an RFC 6920 `ni` URI with base64url digest.
// It is deliberately not written like the CBV 2.0 event hash (hex digest with `?ver=CBV2.0`), which
// is a different algorithm over a different canonical form.
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

const LEFT_OUT = new Set(['@context', 'eventID', 'id', 'recordTime', 'errorDeclaration']);

export const DERIVED_ID_PREFIX = 'ni:///sha-256;';

export function deriveEventId(event: Record<string, unknown>): string {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) if (!LEFT_OUT.has(key)) kept[key] = value;
  const digest = createHash('sha256')
    .update(canonicalize(kept) ?? '', 'utf8')
    .digest('base64url');
  return `${DERIVED_ID_PREFIX}${digest}`;
}
