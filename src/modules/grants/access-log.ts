// The passport access log as its owner reads it: who read the passport (a grant holder, or anyone
// reading its history), in which tier and representation, when, and from which network; newest
// first, in cursor pages. Apart from service.ts: the log is read in pages of its own and written
// through access-log-writer.ts, and it holds none of the grants' states.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { positionParameter } from '../../core/page-cursor.ts';
import { encodePositionCursor, positionAt, positionDate } from '../../domain/paging/cursor.ts';
import { resolvePassport } from '../passports/service.ts';
import { accessLogWriterFor } from './access-log-writer.ts';
import type { CredentialHolder } from './reads.ts';
import * as store from './store.ts';

export interface AccessLogEntry {
  id: string;
  at: string;
  tier: string;
  action: string;
  accessor: string;
  grantId: string | null;
  representation: string | null;
  clientAddress: string | null;
  /** A credential session's read: issuer name, credential type, disclosed organisation and country. */
  credential: CredentialHolder | null;
}

const toEntry = (row: store.AccessLogRow): AccessLogEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  tier: row.tier,
  action: row.action,
  accessor: row.accessor,
  grantId: row.grantId,
  representation: row.representation,
  clientAddress: row.clientAddress,
  credential: (row.credential as CredentialHolder | null) ?? null,
});

export async function listAccessLog(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  cursor: string | undefined,
  limit: number,
) {
  const passport = await resolvePassport(services.db, actor, reference);
  // Reads this instance served are queued, not yet written: write them first, so none is missing.
  await accessLogWriterFor(services.db).flush();
  const position = positionParameter('cursor', cursor);
  // Entries are stamped by the service clock, in whole milliseconds.
  const after = position ? { at: positionDate(position), id: position.id } : null;
  const rows = await store.listAccessLog(services.db, actor.tenantId, passport.id, limit + 1, after);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodePositionCursor(positionAt(last.at, last.id)) : null;
  return { passportId: passport.id, productId: passport.productId, entries: page.map(toEntry), nextCursor };
}
