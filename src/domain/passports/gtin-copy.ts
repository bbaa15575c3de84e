// Where a category's metadata names the product's GTIN, a GTIN productId is copied into it when the
// operator left it out, so a passport is not refused for repeating what the service already knows.
import { advisory } from '../categories/advisories.ts';
import type { AdvisoryItem } from '../categories/types.ts';

const GTIN_SLOTS: Record<string, readonly string[]> = {
  batteries: ['generalInformation', 'productIdentifier'],
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasValueAt(metadata: Record<string, unknown>, slot: readonly string[]): boolean {
  let holder: unknown = metadata;
  for (const key of slot) {
    if (!isObject(holder)) return false;
    holder = holder[key];
  }
  return holder !== undefined;
}

export function copyGtinIntoMetadata(
  category: string,
  metadata: unknown,
  gtin14: string,
): { metadata: unknown; notice?: AdvisoryItem } {
  const slot = GTIN_SLOTS[category];
  if (!slot || !isObject(metadata) || hasValueAt(metadata, slot)) return { metadata };
  const copy = structuredClone(metadata);
  let holder: Record<string, unknown> = copy;
  for (const key of slot.slice(0, -1)) {
    const next = holder[key];
    if (next === undefined) holder[key] = {};
    else if (!isObject(next)) return { metadata };
    holder = holder[key] as Record<string, unknown>;
  }
  const last = slot.at(-1) as string;
  if (holder[last] !== undefined) return { metadata };
  holder[last] = `(01)${gtin14}`;
  return {
    metadata: copy,
    notice: advisory('GTIN_AUTO_COPIED', { gtin: gtin14 }, `/metadata/${slot.join('/')}`),
  };
}
