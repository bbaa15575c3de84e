// A unit's digitalLinkUri. The contract makes it a URL (Battery unit) and the unit view's @id equal
// to it. Under a passport whose productId is a GS1 key it is the GS1 Digital Link stored at
// serialisation (01 or 8003, then 21). Where no GS1 key exists (a SKU passport) the node's choice is
// its own URL for the unit, `{base_url}/unit/{id}` (docs/units.md): computed when read, never stored,
// so units serialised before this rule have it too and it follows PUBLIC_BASE_URL.

export const unitNodeUrl = (baseUrl: string, unitId: string) => `${baseUrl}/unit/${unitId}`;

export function unitDigitalLinkUri(
  baseUrl: string,
  unit: { id: string; digitalLinkUri: string | null },
): string {
  return unit.digitalLinkUri ?? unitNodeUrl(baseUrl, unit.id);
}
