// A passport's product identity: the stored productId (a GTIN normalised to 14 digits), its scheme,
// and its GS1 Digital Link URI on this node (none for a SKU).
import { classifyProductId } from '../gs1/product-id.ts';
import { isUuid } from '../ids.ts';

export type ProductScheme = 'GTIN' | 'GRAI' | 'SKU';

export interface ProductIdentity {
  productId: string;
  scheme: ProductScheme;
  /** `/01/<gtin14>` or `/8003/<grai>`; null for a SKU, which no barcode carries. */
  digitalLinkPath: string | null;
}

export function productIdentity(raw: string): ProductIdentity | null {
  const classified = classifyProductId(raw);
  switch (classified.scheme) {
    case 'GTIN':
      return { productId: classified.gtin14, scheme: 'GTIN', digitalLinkPath: `/01/${classified.gtin14}` };
    case 'GRAI':
      return {
        productId: classified.grai,
        scheme: 'GRAI',
        digitalLinkPath: `/8003/${encodeURIComponent(classified.grai)}`,
      };
    case 'SKU':
      return { productId: classified.sku, scheme: 'SKU', digitalLinkPath: null };
    default:
      return null;
  }
}

/**
 * What a caller may name a passport by: its UUID, its productId (a GTIN in any of its lengths), or a
 * Digital Link URL carrying it (`…/01/<gtin>` or `…/8003/<grai>`, further AIs ignored).
 */
export function parsePassportReference(reference: string): { id: string } | { productId: string } {
  const trimmed = reference.trim();
  if (isUuid(trimmed)) {
    return { id: trimmed.toLowerCase() };
  }
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      const segments = new URL(trimmed).pathname.split('/').map((segment) => decodeURIComponent(segment));
      for (let i = 0; i + 1 < segments.length; i++) {
        const key = segments[i];
        const value = segments[i + 1] as string;
        if (key === '01') return { productId: productIdentity(value)?.productId ?? value };
        if (key === '8003') return { productId: productIdentity(`8003:${value}`)?.productId ?? value };
      }
    } catch {
      // not a URL after all: treated as a productId below
    }
  }
  return { productId: productIdentity(trimmed)?.productId ?? trimmed };
}
