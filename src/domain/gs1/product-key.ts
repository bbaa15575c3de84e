// The GS1 key a passport claims on this node (docs/gs1.md, "One owner per product key"), and the
// digits a GS1 Company Prefix is compared with. A GTIN is compared in its 14-digit form, so its
// 8-, 12-, 13- and 14-digit writings are one key; a GRAI is compared as the whole AI 8003 value.

export type ProductKeyScheme = 'GTIN' | 'GRAI' | 'SKU';

/** A GS1 Company Prefix as the admin API takes it. */
export const GS1_COMPANY_PREFIX = /^\d{4,12}$/;

/**
 * `01/<gtin14>` or `8003/<grai>` for a stored productId (already normalised by productIdentity);
 * null for a SKU, which is no GS1 key and which any number of workspaces may use.
 */
export function productKeyOf(productId: string, scheme: ProductKeyScheme): string | null {
  if (scheme === 'GTIN') return `01/${productId}`;
  if (scheme === 'GRAI') return `8003/${productId}`;
  return null;
}

// A GTIN-8 written in 14 digits: its GS1-8 Prefix is not a GS1 Company Prefix, so none covers it.
const GTIN8_AS_14 = /^0{6}/;

/**
 * The 13 digits that begin with the key's GS1 Company Prefix: a GTIN-14 after its indicator digit
 * (which gives the GTIN-13 form; a GTIN-12 is its U.P.C. Company Prefix behind a zero, as GS1
 * writes it), a GRAI's asset type after its filler zero. Null for a GTIN-8 and for a SKU.
 */
export function companyPrefixDigits(productKey: string): string | null {
  const [ai, value = ''] = productKey.split(/\/(.*)/s);
  if (ai === '01') return GTIN8_AS_14.test(value) ? null : value.slice(1, 14);
  if (ai === '8003') return value.slice(1, 14);
  return null;
}

/** Every prefix that could hold the key, longest first (12 down to 4 digits): the longest held wins. */
export function prefixCandidates(productKey: string): string[] {
  const digits = companyPrefixDigits(productKey);
  if (digits === null) return [];
  const candidates: string[] = [];
  for (let length = 12; length >= 4; length--) candidates.push(digits.slice(0, length));
  return candidates;
}
