// Media-type negotiation over Accept with q-values (RFC 9110 §12.5.1): for each offered type, the
// most specific matching range gives its quality; the highest quality wins and ties go to the
// earlier offer, so the first offer is the default (a missing Accept or `*/*` gets it).

interface AcceptRange {
  type: string;
  subtype: string;
  q: number;
}

function parseAccept(header: string): AcceptRange[] {
  const ranges: AcceptRange[] = [];
  for (const part of header.split(',')) {
    const [media, ...params] = part.trim().split(';');
    const [type, subtype] = (media ?? '').trim().toLowerCase().split('/');
    if (!type || !subtype) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name?.trim().toLowerCase() === 'q') {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
      }
    }
    ranges.push({ type, subtype, q });
  }
  return ranges;
}

function quality(ranges: AcceptRange[], offered: string): number {
  const [type, subtype] = offered.toLowerCase().split('/');
  let best: { specificity: number; q: number } | undefined;
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === '*'
          ? 1
          : range.type === '*' && range.subtype === '*'
            ? 0
            : -1;
    if (specificity < 0) continue;
    if (!best || specificity > best.specificity) best = { specificity, q: range.q };
  }
  return best?.q ?? 0;
}

/** The offered type the caller prefers, or null when it accepts none of them. */
export function negotiate<T extends string>(accept: string | undefined, offered: readonly T[]): T | null {
  if (!accept || accept.trim() === '') return offered[0] ?? null;
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return offered[0] ?? null;
  let chosen: T | null = null;
  let chosenQ = 0;
  for (const type of offered) {
    const q = quality(ranges, type);
    if (q > chosenQ) {
      chosen = type;
      chosenQ = q;
    }
  }
  return chosen;
}
