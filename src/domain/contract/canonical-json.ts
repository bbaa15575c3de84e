// The committed contract snapshots are canonical: keys sorted at every depth, two-space indentation
// and a final newline, so that two generations of one contract are the same bytes and a review diff
// shows only what changed.

export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  // fromEntries defines own properties, so a key named __proto__ stays a key.
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

export function canonicalJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}
