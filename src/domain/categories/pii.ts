// Finds personal data in publicly readable metadata. A passport's public tier is served to anyone
// who scans the product, so an e-mail address or phone number of a person there is a data leak.
import { advisory } from './advisories.ts';
import { MAX_VALUES_CHECKED } from './bounded-view.ts';
import { Findings } from './findings.ts';
import { detectPii } from './pii-shapes.ts';
import { childPointer, fieldLabel } from './pointer.ts';
import type { AccessTier, AdvisoryItem } from './types.ts';

export { detectPii, type PiiKind } from './pii-shapes.ts';

/** Access tier of the metadata field at a pointer rooted at the passport body. */
export type AccessLookup = (pointer: string) => AccessTier | undefined;

// Metadata from JSON is shallow; the bound only keeps hostile nesting from costing anything.
const MAX_DEPTH = 32;

interface Frame {
  node: Record<string, unknown> | unknown[];
  keys: readonly string[] | null;
  index: number;
  path: string;
  depth: number;
}

function frameOf(node: Record<string, unknown> | unknown[], path: string, depth: number): Frame {
  return { node, keys: Array.isArray(node) ? null : Object.keys(node), index: 0, path, depth };
}

/**
 * One PII_SHAPE_DETECTED warning per public string value, with the value's path, in document order.
 * A field whose tier is unknown is treated as public: publishing is the riskier assumption to miss.
 * The scan looks at the first MAX_VALUES_CHECKED values (each costs a few regular expressions) and
 * stops when `findings` is full; either way the result is then marked truncated.
 */
export function scanForPii(
  value: unknown,
  path: string,
  accessOf: AccessLookup,
  findings: Findings = new Findings(),
): AdvisoryItem[] {
  let budget = MAX_VALUES_CHECKED;
  const visitString = (text: string, at: string) => {
    if ((accessOf(at) ?? 'public') !== 'public') return;
    const kind = detectPii(text);
    if (kind !== undefined)
      findings.warningOf('PII_SHAPE_DETECTED', () =>
        advisory('PII_SHAPE_DETECTED', { field: fieldLabel(at), kind }, at),
      );
  };
  if (typeof value === 'string') visitString(value, path);
  if (typeof value !== 'object' || value === null) return findings.warnings;
  const frames: Frame[] = [frameOf(value as Record<string, unknown>, path, 1)];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame;
    const length = frame.keys ? frame.keys.length : (frame.node as unknown[]).length;
    if (frame.index >= length) {
      frames.pop();
      continue;
    }
    if (budget === 0 || !findings.hasRoom()) {
      findings.markTruncated();
      break;
    }
    budget--;
    const key = frame.keys ? (frame.keys[frame.index] as string) : frame.index;
    frame.index++;
    const child = (frame.node as Record<string | number, unknown>)[key];
    if (typeof child === 'string') visitString(child, childPointer(frame.path, key));
    else if (typeof child === 'object' && child !== null && frame.depth < MAX_DEPTH) {
      frames.push(frameOf(child as Record<string, unknown>, childPointer(frame.path, key), frame.depth + 1));
    }
  }
  return findings.warnings;
}
