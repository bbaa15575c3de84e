// A passport document as one access tier may see it (public < legitimate-interest < authority <
// owner), driven by the category schema's `x-access` annotations: metadata fields above the tier
// are removed, facility street addresses never leave the owner tier, and every view below the
// owner's says what it holds back in a `restrictedData` marker. A sealed document's view gets the
// proof of a masked view (docs/sealing.md, section 7), so it still verifies offline.
import { fieldAccess } from '../categories/schemas/index.ts';
import {
  ACCESS_TIERS,
  type AccessTier,
  SCHEMA_CATEGORIES,
  type SchemaCategory,
} from '../categories/types.ts';
import { hasSeal, maskedProof } from '../seal/index.ts';

export const rankOf = (tier: AccessTier) => ACCESS_TIERS.indexOf(tier);
const REQUESTABLE: readonly AccessTier[] = ['legitimate-interest', 'authority'];

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const escapeSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

interface Masking {
  category: SchemaCategory;
  tier: AccessTier;
  /** Pointers (items folded to `*`) of the fields removed, with the tier each needs. */
  removed: Map<string, AccessTier>;
}

/** `value` without the members the tier may not see; `pointer` is the path inside the metadata. */
function maskValue(value: Json, pointer: string, masking: Masking): Json {
  if (Array.isArray(value))
    return value.map((item, index) => maskValue(item, `${pointer}/${index}`, masking));
  if (!isObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const [name, child] of Object.entries(value)) {
    const path = `${pointer}/${escapeSegment(name)}`;
    const needs = fieldAccess(masking.category, path);
    if (rankOf(needs) > rankOf(masking.tier)) {
      masking.removed.set(path.replace(/\/\d+(?=\/|$)/g, '/*'), needs);
      continue;
    }
    out[name] = maskValue(child, path, masking);
  }
  return out;
}

function withoutStreetAddress(facility: Json): Json {
  if (!isObject(facility) || !('address' in facility)) return facility;
  const { address: _address, ...rest } = facility;
  return rest;
}

export interface TierViewOptions {
  /** Where a reader asks for more: `<base>/request-access/<passport id>`. */
  requestAccessUrl: string;
}

export function tierView(
  document: Record<string, Json>,
  tier: AccessTier,
  options: TierViewOptions,
): Record<string, Json> {
  if (tier === 'owner') return document;
  const category = document.category as SchemaCategory;
  const masking: Masking = { category, tier, removed: new Map() };
  const view: Record<string, Json> = { ...document };
  // Rule-checked categories (toys, cosmetics, …) have no schema and so no annotations: their
  // metadata reads as public, as `fieldAccess` answers for fields a schema does not know.
  const annotated = (SCHEMA_CATEGORIES as readonly string[]).includes(category);
  if (isObject(document.metadata) && annotated) view.metadata = maskValue(document.metadata, '', masking);
  if ('manufacturingFacility' in document) {
    const facility = withoutStreetAddress(document.manufacturingFacility);
    if (facility !== document.manufacturingFacility)
      masking.removed.set('/manufacturingFacility/address', 'owner');
    view.manufacturingFacility = facility;
  }
  const needed = new Set(masking.removed.values());
  view.restrictedData = {
    tiers: REQUESTABLE.filter((higher) => rankOf(higher) > rankOf(tier) && needed.has(higher)),
    fieldCount: masking.removed.size,
    requestAccess: options.requestAccessUrl,
  };
  if (hasSeal(document)) withMaskedSeal(document, view);
  return view;
}

const UNSEALED = { digitalSeal: null, signingPublicKey: null, proof: null };

/**
 * Gives the view the proof of a masked view. A stored document its own proof does not cover (a value
 * without a salt) cannot be masked; writes keep that from happening (docs/sealing.md, section 13),
 * and should it happen anyway the view is served unsealed: a read never fails on it, and never
 * carries a seal that cannot verify.
 */
function withMaskedSeal(document: Record<string, Json>, view: Record<string, Json>): void {
  try {
    view.proof = maskedProof(document, view);
  } catch {
    Object.assign(view, UNSEALED);
  }
}
