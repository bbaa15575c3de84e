// The values of a draft nobody has confirmed yet, as the form shows them: a mark beside each such
// field ("example value: confirm or change"), one checklist line each, and the pointers that
// confirming one section of the form confirms (docs/console.md, "Passport forms").
import type { FormNode } from '../../domain/passports/schema-form.ts';
import type { Unconfirmed } from '../../domain/passports/unconfirmed.ts';
import type { SignedInPage } from './frame.ts';
import { ENVELOPE, type Problem } from './passport-form-sections.ts';

/** A field of the form, with the origin of the unconfirmed value it holds. */
type Marked = FormNode & { mark?: Unconfirmed['origin'] };

/** Whether a pointer is the part's or lies under it. */
export const within = (path: string, part: string) => path === part || path.startsWith(`${part}/`);

/**
 * Marks each field that holds an unconfirmed value: the field of the marker's path, a field edited
 * as JSON that holds one, or an item of a list marked as a whole.
 */
export function markNodes(nodes: Iterable<FormNode>, markers: readonly Unconfirmed[]): void {
  if (markers.length === 0) return;
  for (const node of nodes as Iterable<Marked>) {
    if (node.kind === 'group' || node.kind === 'list') continue;
    const found = markers.find(
      (marker) => within(marker.path, node.pointer) || within(node.pointer, marker.path),
    );
    if (found) node.mark = found.origin;
  }
}

/** One checklist line per unconfirmed value: what stops publishing besides missing fields. */
export const markerProblems = (markers: readonly Unconfirmed[], t: SignedInPage['t']): Problem[] =>
  markers.map((marker) => ({ path: marker.path, message: t(`marks.${marker.origin}`) }));

/** The pointers a section of the form covers, as the API confirms them. */
export function sectionPaths(section: string): string[] {
  if (section === ENVELOPE) return ['/originCountry'];
  return section === 'metadata' ? ['/metadata'] : [`/metadata/${section}`];
}

/** The markers of a passport as its owner read gives them (none when absent). */
export function markersOf(passport: Record<string, unknown>): Unconfirmed[] {
  const list = passport.unconfirmed;
  return Array.isArray(list) ? (list as Unconfirmed[]) : [];
}
