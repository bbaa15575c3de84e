// Every write of a passport archives the state it replaced as a numbered version, the exact text
// GET served, and moves the passport to the next version (docs/passports.md, "History").
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import type { Executor } from '../../db/client.ts';
import { archivedBackupFields } from './backups.ts';
import { renderOwnerText } from './documents.ts';
import * as store from './store.ts';

/** The seal fields of a passport that carries no seal. */
export const UNSEALED = { digitalSeal: null, signingPublicKey: null, proof: null, versionHash: null };

/**
 * Archives the live state as version N and moves the passport to N+1. `servedText` is the text of
 * the state being replaced when the caller rendered it before something it shows changed (a party
 * change); otherwise it is rendered now.
 */
export async function archiveAndUpdate(
  tx: Executor,
  services: ServiceContext,
  actor: Actor,
  row: store.PassportRow,
  changes: Parameters<typeof store.updatePassport>[3],
  changeReason: string | null,
  servedText?: string,
) {
  const at = services.clock();
  await store.insertVersion(tx, {
    tenantId: row.tenantId,
    passportId: row.id,
    version: row.version,
    document: servedText ?? (await renderOwnerText(tx, services.baseUrl, row)),
    recordedAt: row.updatedAt,
    validUntil: at,
    changedBy: actor.changedBy,
    changeReason,
    ...archivedBackupFields(row),
  });
  return store.updatePassport(tx, row.tenantId, row.id, {
    ...changes,
    version: row.version + 1,
    updatedAt: at,
  });
}
