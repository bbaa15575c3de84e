// What the EU registry was told of a passport (docs/registry.md): the hash of the version last
// registered, kept on the passport so that the seal of a newer version can say at once that the
// registry needs an update. The registrations themselves belong to the registry module, above this
// one; apart from service.ts because the sealing step in service.ts builds on it.
import type { Actor } from '../../core/actor.ts';
import type { Executor } from '../../db/client.ts';
import { recordChange } from '../audit/service.ts';
import type { PassportRow } from './store.ts';
import * as store from './store.ts';

/** The hash of a version of the passport (the live one or an archived one); null when unsealed or absent. */
export async function versionHashAt(db: Executor, row: PassportRow, version: number): Promise<string | null> {
  if (version === row.version) return row.versionHash;
  return store.archivedVersionHash(db, row.tenantId, row.id, version);
}

/** Records the hash the registry now holds, in the transaction of the registration. */
export async function noteRegistered(db: Executor, row: PassportRow, versionHash: string | null) {
  await store.updatePassport(db, row.tenantId, row.id, { registeredVersionHash: versionHash });
}

/** Whether the newest sealed version differs from the one the registry was last told of. */
export function registryUpdateDue(row: PassportRow): boolean {
  return (
    row.registeredVersionHash !== null &&
    row.versionHash !== null &&
    row.versionHash !== row.registeredVersionHash
  );
}

/**
 * After a seal: when the registry holds an older version, the workspace hears it (a notification and
 * the `passport.registry_update_due` webhook event), in the sealing transaction.
 */
export async function announceUpdateDue(tx: Executor, actor: Actor, row: PassportRow): Promise<void> {
  if (!registryUpdateDue(row)) return;
  await recordChange(
    tx,
    actor.tenantId,
    actor.changedBy,
    row.updatedAt,
    {
      action: 'passport.registry_update_due',
      subjectType: 'passport',
      subjectId: row.id,
      details: {
        productId: row.productId,
        version: row.version,
        versionHash: row.versionHash,
        registeredVersionHash: row.registeredVersionHash,
      },
    },
    {
      kind: 'passport.registry_update_due',
      message: `Passport ${row.productId} changed since it was registered: the EU registry needs an update`,
      details: { passportId: row.id, version: row.version },
    },
  );
}
