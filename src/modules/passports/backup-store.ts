// SQL for what the backup side needs of passports: the sealed versions, one version's stored text,
// and the hash and backup state written back. A sealed version is one whose seal names it: a status
// change carries the seal of the version before it over, and that version is the sealed one.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import type { BackupState } from '../../db/schema.ts';

export interface SealedVersionKey {
  tenantId: string;
  passportId: string;
  version: number;
}

/** Every sealed version of these workspaces (all when null), each passport's in version order. */
export function listSealedVersions(db: Executor, tenantIds: readonly string[] | null) {
  const live = tenantIds ? sql`and p.tenant_id = any(${`{${tenantIds.join(',')}}`}::uuid[])` : sql``;
  const archived = tenantIds ? sql`and v.tenant_id = any(${`{${tenantIds.join(',')}}`}::uuid[])` : sql``;
  return queryRows<{ tenant_id: string; passport_id: string; version: number }>(
    db,
    sql`
    select tenant_id, passport_id, version from (
      select p.tenant_id, p.id as passport_id, p.version from passports p
      where p.digital_seal is not null and (p.digital_seal->>'version')::int = p.version ${live}
      union all
      select v.tenant_id, v.passport_id, v.version from passport_versions v
      where v.document::jsonb #>> '{digitalSeal,version}' = v.version::text ${archived}
    ) sealed
    order by tenant_id, passport_id, version`,
  );
}

/** The stored text of an archived version, or null. */
export async function archivedText(db: Executor, key: SealedVersionKey): Promise<string | null> {
  const [row] = await queryRows<{ document: string }>(
    db,
    sql`select document from passport_versions
        where tenant_id = ${key.tenantId} and passport_id = ${key.passportId} and version = ${key.version}`,
  );
  return row?.document ?? null;
}

/**
 * The outcome of a push: the version's hash where it was not yet known (versions sealed before
 * hashes were kept), its backup URI when held, and the passport's backup state when this version is
 * the newest the state speaks of.
 */
export async function recordBackup(
  db: Executor,
  key: SealedVersionKey,
  versionHash: string,
  state: BackupState,
): Promise<void> {
  const uri = state.status === 'held' ? (state.uri ?? null) : null;
  await db.execute(sql`
    update passport_versions
    set version_hash = coalesce(version_hash, ${versionHash}), backup_uri = coalesce(${uri}, backup_uri)
    where tenant_id = ${key.tenantId} and passport_id = ${key.passportId} and version = ${key.version}`);
  await db.execute(sql`
    update passports
    set backup = ${JSON.stringify(state)}::jsonb,
        version_hash = case when version = ${key.version} then coalesce(version_hash, ${versionHash})
                            else version_hash end
    where tenant_id = ${key.tenantId} and id = ${key.passportId}
      and (backup is null or (backup->>'version')::int < ${key.version}
           or ((backup->>'version')::int = ${key.version} and backup->>'status' <> 'held'))`);
}
