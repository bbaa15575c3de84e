// What backups need of passports (docs/backup.md): the sealed versions to push, a version's text as
// the owner is served it, and where its copy is held. The owner read's annotations (`versionHash`,
// `backupUri`, `backup`) come from here too; they sit beside the sealed document, never in it.
// Apart from service.ts because versions.ts, which service.ts builds on, needs it as well.
import type { Executor } from '../../db/client.ts';
import type { BackupState } from '../../db/schema.ts';
import { versionHashOf } from '../../domain/backup/version-hash.ts';
import * as backupStore from './backup-store.ts';
import { renderOwnerText } from './documents.ts';
import type { PassportRow } from './store.ts';
import * as store from './store.ts';

export type { SealedVersionKey } from './backup-store.ts';
export type { BackupState };

/** Every sealed version of these workspaces (every workspace when null), in version order. */
export async function sealedVersions(db: Executor, tenantIds: readonly string[] | null) {
  const rows = await backupStore.listSealedVersions(db, tenantIds);
  return rows.map((row) => ({ tenantId: row.tenant_id, passportId: row.passport_id, version: row.version }));
}

/** The version the passport's seal is over, or null when it carries none. */
const sealedVersionOf = (row: PassportRow): number | null => {
  const seal = row.digitalSeal as { version?: unknown } | null;
  return seal && typeof seal.version === 'number' ? seal.version : null;
};

/**
 * The text of a sealed version as its owner is served it: the live passport's when it is that
 * version, else the archived text; null when the version does not exist or is not sealed.
 */
export async function sealedVersionText(
  db: Executor,
  baseUrl: string,
  key: backupStore.SealedVersionKey,
): Promise<string | null> {
  const row = await store.findPassport(db, key.tenantId, { id: key.passportId });
  if (!row) return null;
  if (row.version === key.version) {
    return sealedVersionOf(row) === key.version ? renderOwnerText(db, baseUrl, row) : null;
  }
  const text = await backupStore.archivedText(db, key);
  if (text === null) return null;
  const seal = (JSON.parse(text) as { digitalSeal?: { version?: unknown } }).digitalSeal;
  return seal?.version === key.version ? text : null;
}

/** Records how a push of a sealed version went (the worker calls it after each attempt's outcome). */
export async function recordBackup(
  db: Executor,
  key: backupStore.SealedVersionKey,
  text: string,
  state: BackupState,
): Promise<void> {
  await backupStore.recordBackup(db, key, versionHashOf(JSON.parse(text)), state);
}

/** The hash of a freshly sealed passport's document, written on the row in the sealing transaction. */
export async function hashSealedPassport(db: Executor, baseUrl: string, row: PassportRow) {
  const versionHash = versionHashOf(JSON.parse(await renderOwnerText(db, baseUrl, row)));
  return store.updatePassport(db, row.tenantId, row.id, { versionHash });
}

/**
 * What an archived version keeps of the live row's hash and backup state: both belong to the version
 * the seal names, so a version that carries an older version's seal keeps neither.
 */
export function archivedBackupFields(row: PassportRow): {
  versionHash: string | null;
  backupUri: string | null;
} {
  if (sealedVersionOf(row) !== row.version) return { versionHash: null, backupUri: null };
  const held = row.backup?.status === 'held' && row.backup.version === row.version;
  return { versionHash: row.versionHash, backupUri: held ? (row.backup?.uri ?? null) : null };
}

/** The owner read's annotations: the hash and backup URI of the sealed version, the backup state. */
export function ownerAnnotations(row: PassportRow): Record<string, unknown> {
  const sealed = sealedVersionOf(row);
  const out: Record<string, unknown> = {};
  if (row.versionHash && sealed !== null) out.versionHash = row.versionHash;
  if (row.backup) {
    const { uri, ...state } = row.backup;
    if (row.backup.status === 'held' && row.backup.version === sealed && uri) out.backupUri = uri;
    out.backup = state;
  }
  return out;
}
