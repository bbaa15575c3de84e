// RFC 6901 JSON pointers. Every advisory path is rooted at the passport body, so metadata fields
// live under `/metadata`.

export const METADATA_ROOT = '/metadata';

export function escapeSegment(segment: string | number): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

export function unescapeSegment(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

export function childPointer(base: string, segment: string | number): string {
  return `${base}/${escapeSegment(segment)}`;
}

export function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeSegment);
}

/** A valid RFC 6901 pointer: empty, or `/`-separated segments where `~` only appears as ~0 or ~1. */
export function isJsonPointer(value: string): boolean {
  return value === '' || /^(?:\/(?:[^~/]|~[01])*)+$/.test(value);
}

/**
 * Human label of a metadata field for messages: `/metadata/fibreComposition/0/share` becomes
 * `fibreComposition[0].share`, which reads well to both developers and end users.
 */
export function fieldLabel(pointer: string): string {
  const segments = pointerSegments(pointer);
  if (segments[0] === 'metadata') segments.shift();
  if (segments.length === 0) return 'metadata';
  let label = '';
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) label += `[${segment}]`;
    else label += label === '' ? segment : `.${segment}`;
  }
  return label;
}
