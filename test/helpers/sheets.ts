// Spreadsheet rows for the import tests: a passport's metadata laid out under a template's header,
// each cell holding what a member would type (lists and objects as JSON).

/** The value at a dotted path (`a.list[2].b`: a list's second item), as a cell holds it (lists and objects as JSON). */
export function cellOf(metadata: Record<string, unknown>, path: string): string {
  let value: unknown = metadata;
  for (const part of path.split('.')) {
    const [, key = part, index] = /^(.*?)(?:\[(\d+)\])?$/.exec(part) ?? [];
    value = (value as Record<string, unknown> | undefined)?.[key];
    if (index !== undefined) value = Array.isArray(value) ? value[Number(index) - 1] : undefined;
  }
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** One row under `header`: the metadata's cells, the passport's own columns, then `change` by column. */
export function sheetRow(
  header: readonly string[],
  metadata: Record<string, unknown>,
  own: Record<string, string>,
  change: Record<string, string> = {},
): string[] {
  return header.map((column) => change[column] ?? own[column] ?? cellOf(metadata, column));
}
