// The archive of a workspace (docs/backup.md, "The archive"): every passport with each of its sealed
// versions as its owner is served it, its units, and the node's seal CA, so that the passports can be
// verified, and imported on a host, without this node.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { writeBackupArchive } from '../../domain/backup/archive.ts';
import { sealedVersions, sealedVersionText } from '../passports/service.ts';
import { sealCaCertificate } from '../seals/service.ts';
import { listPassportUnits } from '../units/service.ts';
import { requireWorkspace } from '../workspaces/service.ts';

const UNIT_PAGE = 200;

/** Reads a workspace's units as a workspace-wide reader would: the export is the platform admin's. */
const exportReader = (tenantId: string): Actor => ({
  tenantId,
  credential: { kind: 'apiKey', id: 'platform-admin', prefix: 'admin' },
  role: 'admin',
  permissions: ['passport:read'],
  operatorId: null,
  changedBy: 'platform-admin',
});

async function unitsOf(services: ServiceContext, actor: Actor, passportId: string): Promise<unknown[]> {
  const units: unknown[] = [];
  for (let page = 1; ; page += 1) {
    const found = await listPassportUnits(services, actor, passportId, { page, limit: UNIT_PAGE });
    units.push(...found.units);
    if (units.length >= found.total || found.units.length === 0) return units;
  }
}

export async function exportWorkspace(services: ServiceContext, workspaceId: string): Promise<Buffer> {
  await requireWorkspace(services.db, workspaceId);
  const actor = exportReader(workspaceId);
  const caPem = await sealCaCertificate(services);
  const byPassport = new Map<string, Record<string, unknown>[]>();
  for (const key of await sealedVersions(services.db, [workspaceId])) {
    const text = await sealedVersionText(services.db, services.baseUrl, key);
    if (text === null) continue;
    const list = byPassport.get(key.passportId) ?? [];
    list.push(JSON.parse(text) as Record<string, unknown>);
    byPassport.set(key.passportId, list);
  }
  const passports = [];
  for (const [id, versions] of byPassport) {
    const units = await unitsOf(services, actor, id);
    const productId = versions.at(-1)?.productId;
    passports.push({
      id,
      productId: typeof productId === 'string' ? productId : null,
      versions,
      ...(units.length > 0 ? { units } : {}),
    });
  }
  return writeBackupArchive({
    originBaseUrl: services.baseUrl,
    workspaceId,
    createdAt: services.clock(),
    caPem,
    passports,
  });
}
