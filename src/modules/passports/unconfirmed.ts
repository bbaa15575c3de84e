// The markers of values nobody has confirmed yet (docs/passports.md, "Unconfirmed values"): read
// from a create body, carried through an update (a changed value is confirmed), confirmed by part
// in one call, and named one by one when a draft is published while any stands.
// Apart from service.ts, which hands confirmValues on and calls the rest, so the markers read as one piece.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { badRequest } from '../../core/errors.ts';
import { validationError } from '../../domain/categories/advisories.ts';
import { fieldLabel } from '../../domain/categories/pointer.ts';
import type { AdvisoryItem } from '../../domain/categories/types.ts';
import {
  carryForward,
  confirmUnder,
  readUnconfirmed,
  type Unconfirmed,
} from '../../domain/passports/unconfirmed.ts';
import { auditPassport } from './audit.ts';
import { documentRenderer } from './documents.ts';
import { resolvePassport } from './lookup.ts';
import * as store from './store.ts';

interface Content {
  originCountry: string | null;
  metadata: unknown;
}
const bodyOf = (content: Content) => ({ originCountry: content.originCountry, metadata: content.metadata });

/** The markers of a create body, or null for none; only a draft may carry any (400 otherwise). */
export function markersOf(input: unknown, content: Content, status: string): Unconfirmed[] | null {
  const markers = readUnconfirmed(input, bodyOf(content));
  if (typeof markers === 'string') throw badRequest(markers);
  if (markers.length === 0) return null;
  if (status !== 'DRAFT')
    throw badRequest(
      'unconfirmed applies to drafts only: create with status DRAFT, then confirm and publish',
    );
  return markers;
}

/** The markers that stand after an update of the stored row to `content`, or null for none. */
export function carriedMarkers(row: store.PassportRow, content: Content): Unconfirmed[] | null {
  if (!row.unconfirmed || row.unconfirmed.length === 0) return null;
  const left = carryForward(row.unconfirmed, bodyOf(row), bodyOf(content));
  return left.length > 0 ? left : null;
}

/** A document of the row with its unconfirmed values beside it: the owner's read, and a write's answer. */
export function withMarkers<T extends object>(document: T, row: store.PassportRow): T {
  const markers = row.unconfirmed ?? [];
  return markers.length > 0 ? { ...document, unconfirmed: markers } : document;
}

/** One error per value not confirmed yet: what refuses publishing. */
export function unconfirmedFindings(row: store.PassportRow): AdvisoryItem[] {
  return (row.unconfirmed ?? []).map(({ path, origin }) =>
    validationError(origin === 'copied' ? 'COPIED_VALUE_UNCONFIRMED' : 'EXAMPLE_VALUE_UNCONFIRMED', path, {
      field: path === '/originCountry' ? 'originCountry' : fieldLabel(path),
    }),
  );
}

/**
 * Confirms every value at or under these pointers (`""`: all of them) as it stands. No new version
 * is made, since no value changes; the confirmation is in the audit trail, with who made it.
 */
export async function confirmValues(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  paths: readonly string[],
) {
  for (const path of paths)
    if (path !== '' && !path.startsWith('/')) throw badRequest(`paths: ${path} is not a JSON pointer`);
  return services.db.transaction(async (tx) => {
    const row = await resolvePassport(tx, actor, reference, true);
    const before = row.unconfirmed ?? [];
    const left = confirmUnder(before, paths);
    let updated = row;
    if (left.length < before.length) {
      updated = await store.updatePassport(tx, row.tenantId, row.id, {
        unconfirmed: left.length > 0 ? left : null,
      });
      const confirmed = before.filter((marker) => !left.includes(marker)).map((marker) => marker.path);
      await auditPassport(tx, actor, services.clock(), 'passport.updated', updated, { confirmed });
    }
    return withMarkers(await documentRenderer(tx, services.baseUrl)(updated), updated);
  });
}
