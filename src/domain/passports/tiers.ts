// The tiered views of a passport document: public (anyone), legitimate-interest and authority
// (grant holders), owner (the issuing workspace). Each metadata field's tier comes from the category
// schema's `x-access` annotations (`fieldAccess`), so the schemas and the views never disagree.
// A view only removes: a sealed document's view gets the proof of what remains (`maskedProof`),
// so it still verifies offline.
import { childPointer } from '../categories/pointer.ts';
import { fieldAccess } from '../categories/schemas/index.ts';
import {
  ACCESS_TIERS,
  type AccessTier,
  SCHEMA_CATEGORIES,
  type SchemaCategory,
} from '../categories/types.ts';
import { maskedProof } from '../seal/mask.ts';

export type ViewTier = AccessTier;

/** The tiers a grant can hold; the request-access page asks for one of them. */
export const GRANTABLE_TIERS = ['legitimate-interest', 'authority'] as const;
export type GrantableTier = (typeof GRANTABLE_TIERS)[number];

/** public < legitimate-interest < authority < owner. */
export const tierRank = (tier: ViewTier): number => ACCESS_TIERS.indexOf(tier);

/** Whether a caller holding `held` may read a field annotated `needed`. */
export const tierAllows = (held: ViewTier, needed: ViewTier): boolean => tierRank(needed) <= tierRank(held);

/** The marker a non-owner view carries when a grant would show more. */
export interface RestrictedDataMarker {
  /** The grantable tiers above the view's tier that would show at least one more field. */
  tiers: GrantableTier[];
  /** How many fields (object members, each counted once with everything below it) those tiers add. */
  fieldCount: number;
  /** Where a third party asks for a grant. */
  requestAccess: string;
}

// Facility objects whose street address stays with the owner whatever the schema says: the spec
// publishes a facility's GLN, name, activity and country only.
const FACILITY_KEYS = new Set(['manufacturingFacility', 'manufacturingPlace', 'manufacturingPlant']);
const STREET_KEYS = new Set(['address', 'streetAddress', 'postalAddress', 'street']);

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withoutStreet(facility: unknown): unknown {
  if (!isObject(facility)) return facility;
  return Object.fromEntries(Object.entries(facility).filter(([key]) => !STREET_KEYS.has(key)));
}

interface Walk {
  category: SchemaCategory;
  tier: ViewTier;
  /** Hidden members by the tier that would show them. */
  hidden: Map<ViewTier, number>;
}

function maskValue(value: unknown, pointer: string, walk: Walk, inFacility: boolean): unknown {
  if (Array.isArray(value)) {
    // Items share one schema, so they share one tier: an array is kept or dropped whole by its
    // parent (see maskObject); here each kept item is masked inside.
    return value.map((item, index) => maskValue(item, childPointer(pointer, index), walk, inFacility));
  }
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    const childPath = childPointer(pointer, key);
    if (inFacility && STREET_KEYS.has(key)) continue;
    let access = fieldAccess(walk.category, childPath);
    // An array whose items are above the caller's tier is withheld whole: dropping items from the
    // middle would move the indices of the ones kept.
    if (Array.isArray(child) && child.length > 0) {
      const itemAccess = fieldAccess(walk.category, childPointer(childPath, 0));
      if (tierRank(itemAccess) > tierRank(access)) access = itemAccess;
    }
    if (!tierAllows(walk.tier, access)) {
      walk.hidden.set(access, (walk.hidden.get(access) ?? 0) + 1);
      continue;
    }
    out[key] = maskValue(child, childPath, walk, inFacility || FACILITY_KEYS.has(key));
  }
  return out;
}

/** `<base>/request-access/<id>`, the base read from the document's own passport URL. */
function requestAccessUrl(document: Json): string {
  const own = typeof document.digitalProductPassportId === 'string' ? document.digitalProductPassportId : '';
  const base = own.replace(/\/passport\/[^/]*$/, '');
  return `${base}/request-access/${String(document.id)}`;
}

function markerOf(document: Json, walk: Walk): RestrictedDataMarker | null {
  const tiers = GRANTABLE_TIERS.filter((candidate) => tierRank(candidate) > tierRank(walk.tier)).filter(
    (candidate) => [...walk.hidden.keys()].some((access) => tierAllows(candidate, access)),
  );
  if (tiers.length === 0) return null;
  // Owner-only fields are not advertised: no grant shows them, and their existence is the owner's.
  let fieldCount = 0;
  for (const [access, count] of walk.hidden) if (access !== 'owner') fieldCount += count;
  return { tiers, fieldCount, requestAccess: requestAccessUrl(document) };
}

function isSealed(document: Json): boolean {
  const proof = document.proof;
  return isObject(proof) && isObject(proof.leafSalts);
}

/**
 * The view of a passport document (as the owner reads it) for `tier`. The owner gets the document
 * unchanged; every other tier loses the metadata fields annotated above it and facilities' street
 * addresses, gains a `restrictedData` marker when a grant would show more, and, when the document is
 * sealed, a proof that verifies what remains. The input is never modified.
 */
export function maskForTier(document: Record<string, unknown>, tier: ViewTier): Record<string, unknown> {
  if (tier === 'owner') return document;
  const category = String(document.category);
  const walk: Walk = { category: category as SchemaCategory, tier, hidden: new Map() };
  const view: Json = { ...document };
  if (isObject(document.metadata)) {
    // Rule-checked categories carry no annotations: their fields read as public, as `fieldAccess`
    // answers for any field a schema does not know; facility streets still stay with the owner.
    view.metadata = (SCHEMA_CATEGORIES as readonly string[]).includes(category)
      ? maskValue(document.metadata, '', walk, false)
      : stripFacilityStreets(document.metadata);
  }
  for (const key of FACILITY_KEYS) if (key in view) view[key] = withoutStreet(view[key]);
  delete view.restrictedData;
  const marker = markerOf(document, walk);
  if (marker) view.restrictedData = marker;
  if (isSealed(document)) view.proof = maskedProof(document, view);
  return view;
}

function stripFacilityStreets(value: unknown, inFacility = false): unknown {
  if (Array.isArray(value)) return value.map((item) => stripFacilityStreets(item, inFacility));
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if (inFacility && STREET_KEYS.has(key)) continue;
    out[key] = stripFacilityStreets(child, inFacility || FACILITY_KEYS.has(key));
  }
  return out;
}
