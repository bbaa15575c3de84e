// What each access tier sees beyond the public: the fields the resolver's own tier view withholds
// from the public and shows to a legitimate-interest grant holder, an authority or the owner. The
// console shows this table instead of one whole document per tier, so staff see at a glance what a
// grant would open up.
import { ACCESS_TIERS, type AccessTier } from '../categories/types.ts';
import { documentChanges } from './diff.ts';
import { fieldInfo } from './page-format.ts';
import { tierView } from './tier-view.ts';

export interface TierDifference {
  /** JSON Pointer inside the document (`/metadata/...`). */
  path: string;
  /** The field's schema titles from the top, joined. */
  label: string;
  /** The owner's value, short. */
  value: string;
  /** The tiers that see the field (never `public`). */
  seenBy: AccessTier[];
}

const MAX_VALUE = 120;
const COMPARED = ['metadata', 'manufacturingFacility'] as const;

const unescapeSegment = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

function shortText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** A field's label in the reader's language by dotted schema path; undefined keeps the schema's English. */
type FieldLabel = (category: string, path: string) => string | undefined;

function labelOf(category: string, pointer: string, fieldLabel: FieldLabel): string {
  const segments = pointer.split('/').slice(1).map(unescapeSegment);
  if (segments[0] !== 'metadata') return segments.join(' › ');
  const path = segments.slice(1).map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  const labels: string[] = [];
  for (let end = 1; end <= path.length; end++) {
    const segment = path[end - 1];
    labels.push(
      typeof segment === 'number'
        ? `#${segment + 1}`
        : (fieldLabel(
            category,
            path
              .slice(0, end)
              .filter((part) => typeof part === 'string')
              .join('.'),
          ) ?? fieldInfo(category, path.slice(0, end)).label),
    );
  }
  return labels.join(' › ');
}

const compared = (document: Record<string, unknown>) =>
  Object.fromEntries(COMPARED.filter((key) => key in document).map((key) => [key, document[key]]));

export function tierDifferences(
  owner: Record<string, unknown>,
  requestAccessUrl: string,
  fieldLabel: FieldLabel = () => undefined,
): TierDifference[] {
  const category = String(owner.category ?? '');
  const options = { requestAccessUrl };
  const publicView = compared(tierView(owner, 'public', options));
  const found = new Map<string, TierDifference>();
  for (const tier of ACCESS_TIERS.filter((candidate) => candidate !== 'public')) {
    const view = compared(tierView(owner, tier, options));
    for (const change of documentChanges(publicView, view)) {
      const known = found.get(change.path);
      if (known) known.seenBy.push(tier);
      else
        found.set(change.path, {
          path: change.path,
          label: labelOf(category, change.path, fieldLabel),
          value: shortText(change.after),
          seenBy: [tier],
        });
    }
  }
  return [...found.values()];
}
