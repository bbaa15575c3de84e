// A product named by an event, its identity key, and the keys that find its passport or unit. The
// identity key is written from the GS1 key, not from the URI, so that the EPC URI and the Digital Link
// of the same object (`urn:epc:id:sgtin:0614141.107346.2017`, `https://id.gs1.org/01/10614141073464/21/2017`)
// are one product to the lineage walk.
import { parseDigitalLinkKey } from './digital-link-key.ts';
import { parseEpcUri } from './epc-uri.ts';
import type { Gs1Key, ProductRef } from './types.ts';

/** The GS1 key of an EPC URI or a Digital Link URI, and whether it names one object or a class. */
export function gs1KeyOf(uri: string): { gs1: Gs1Key; level: 'instance' | 'class' } | undefined {
  return /^urn:/i.test(uri) ? parseEpcUri(uri) : parseDigitalLinkKey(uri);
}

/**
 * A product as an event names it. An entry of an EPC list is an object unless its identifier can
 * only name a class (a GTIN without serial, a lot, a pattern); an entry of a quantity list is a class.
 */
export function productRef(
  uri: string,
  list: 'epc' | 'quantity',
  quantity?: { quantity?: number; uom?: string },
): ProductRef {
  const parsed = gs1KeyOf(uri);
  const kind = list === 'quantity' || parsed?.level === 'class' ? 'class' : 'instance';
  const ref: ProductRef = { uri, kind };
  if (parsed !== undefined) ref.gs1 = parsed.gs1;
  if (quantity?.quantity !== undefined) ref.quantity = quantity.quantity;
  if (quantity?.uom !== undefined) ref.uom = quantity.uom;
  return ref;
}

function graiKey(gs1: Gs1Key): string {
  // A serial that is not the GRAI's own serial component came as AI 21 (`/8003/<grai>/21/<serial>`).
  const own = gs1.value.slice(14);
  return gs1.serial !== undefined && gs1.serial !== own
    ? `grai:${gs1.value}:ser:${gs1.serial}`
    : `grai:${gs1.value}`;
}

/**
 * The identity of a product: `gtin:<gtin14>`, `gtin:<gtin14>:ser:<serial>`, `gtin:<gtin14>:lot:<lot>`,
 * `sscc:<sscc>`, `grai:<grai>[:ser:<serial>]`, `giai:`, `gln:<gln>[:ext:<extension>]`, `pgln:`,
 * `gsrn:`, `gdti:`; `uri:<uri as given>` for an identifier that carries no GS1 key.
 */
export function productKey(ref: Pick<ProductRef, 'uri' | 'gs1'>): string {
  const gs1 = ref.gs1;
  if (gs1 === undefined) return `uri:${ref.uri}`;
  switch (gs1.key) {
    case 'gtin':
      if (gs1.serial !== undefined) return `gtin:${gs1.value}:ser:${gs1.serial}`;
      return gs1.lot !== undefined ? `gtin:${gs1.value}:lot:${gs1.lot}` : `gtin:${gs1.value}`;
    case 'grai':
      return graiKey(gs1);
    case 'gln':
      return gs1.extension !== undefined ? `gln:${gs1.value}:ext:${gs1.extension}` : `gln:${gs1.value}`;
    default:
      return `${gs1.key}:${gs1.value}`;
  }
}

export interface ProductMatch {
  /** The identity key (productKey). */
  key: string;
  /** productIds a type-level passport may be stored under, most specific first (GTIN-14 or GRAI). */
  passportProductIds: string[];
  /** The serialised unit this product may be: the passport's productId and the unit's serial. */
  unit?: { productId: string; serialNumber: string };
}

/** How to find the passport or the unit of a product named by an event. */
export function matchKey(ref: Pick<ProductRef, 'uri' | 'gs1'>): ProductMatch {
  const key = productKey(ref);
  const gs1 = ref.gs1;
  if (gs1?.key === 'gtin') {
    const match: ProductMatch = { key, passportProductIds: [gs1.value] };
    if (gs1.serial !== undefined) match.unit = { productId: gs1.value, serialNumber: gs1.serial };
    return match;
  }
  if (gs1?.key === 'grai') {
    const assetType = gs1.value.slice(0, 14);
    const own = gs1.value.slice(14);
    const passportProductIds = own === '' ? [gs1.value] : [gs1.value, assetType];
    const match: ProductMatch = { key, passportProductIds };
    if (gs1.serial !== undefined && gs1.serial !== own) {
      match.unit = { productId: gs1.value, serialNumber: gs1.serial };
    } else if (own !== '') {
      match.unit = { productId: assetType, serialNumber: own };
    }
    return match;
  }
  return { key, passportProductIds: [] };
}
