// Finds personal data in publicly readable metadata. A passport's public tier is served to anyone
// who scans the product, so an e-mail address or phone number of a person there is a data leak.
import { advisory } from './advisories.ts';
import { detectPii } from './pii-shapes.ts';
import { childPointer, fieldLabel } from './pointer.ts';
import type { AccessTier, AdvisoryItem } from './types.ts';

export { detectPii, type PiiKind } from './pii-shapes.ts';

/** Access tier of the metadata field at a pointer rooted at the passport body. */
export type AccessLookup = (pointer: string) => AccessTier | undefined;

// Metadata from JSON is shallow; the bound only protects the stack against hostile nesting.
const MAX_DEPTH = 32;

/**
 * One PII_SHAPE_DETECTED warning per public string value, with the value's path. A field whose
 * tier is unknown is treated as public: publishing is the riskier assumption to miss.
 */
export function scanForPii(value: unknown, path: string, accessOf: AccessLookup): AdvisoryItem[] {
  const found: AdvisoryItem[] = [];
  const visit = (node: unknown, at: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (typeof node === 'string') {
      if ((accessOf(at) ?? 'public') !== 'public') return;
      const kind = detectPii(node);
      if (kind !== undefined) found.push(advisory('PII_SHAPE_DETECTED', { field: fieldLabel(at), kind }, at));
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((entry, index) => {
        visit(entry, childPointer(at, index), depth + 1);
      });
      return;
    }
    if (typeof node === 'object' && node !== null) {
      for (const [key, entry] of Object.entries(node)) visit(entry, childPointer(at, key), depth + 1);
    }
  };
  visit(value, path, 0);
  return found;
}
