// Products named by events, linked to the workspace's passports and units by their GS1 keys
// (matchKey): a GTIN to the passport with that GTIN-14 and, with a serial, to its unit; a GRAI to the
// passport of the whole GRAI or of its asset type. One lookup for a whole capture.
import type { Executor } from '../../db/client.ts';
import { matchKey, type ProductMatch, type ProductRef } from '../../domain/traceability/index.ts';
import { heldProducts } from '../units/service.ts';

export interface ProductLink {
  passportId: string | null;
  unitId: string | null;
}

export async function linkProducts(
  db: Executor,
  tenantId: string,
  products: ProductRef[],
): Promise<Map<string, ProductLink>> {
  const matches = new Map<string, ProductMatch>();
  for (const ref of products) {
    const match = matchKey(ref);
    if (!matches.has(match.key)) matches.set(match.key, match);
  }
  const productIds = new Set<string>();
  const units: { productId: string; serialNumber: string }[] = [];
  for (const match of matches.values()) {
    for (const id of match.passportProductIds) productIds.add(id);
    if (match.unit) units.push(match.unit);
  }
  const found = await heldProducts(db, tenantId, [...productIds], units);
  const passportOf = new Map(found.passports.map((row) => [row.productId, row.id]));
  const unitOf = new Map(found.units.map((row) => [`${row.productId}\n${row.serialNumber}`, row.id]));
  const links = new Map<string, ProductLink>();
  for (const match of matches.values()) {
    const passportId = match.passportProductIds
      .map((id) => passportOf.get(id))
      .find((id) => id !== undefined);
    const unitId = match.unit ? unitOf.get(`${match.unit.productId}\n${match.unit.serialNumber}`) : undefined;
    if (passportId !== undefined || unitId !== undefined) {
      links.set(match.key, { passportId: passportId ?? null, unitId: unitId ?? null });
    }
  }
  return links;
}
