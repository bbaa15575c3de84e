// GET /api/v1/passports/vc-readiness: per passport of a page, whether each credential form can be
// issued now and what it lacks; the totals cover the whole catalog the caller may read.
import type { ServiceContext } from '../../context.ts';
import {
  type PassportReadiness,
  passportReadiness,
  type ReadinessPassport,
  readinessTotals,
} from '../../domain/credentials/index.ts';
import type { Actor } from '../../http/actor.ts';
import { documentRenderer, listWorkspacePassports } from '../passports/service.ts';

// The node makes a workspace's signing key on first need, so a key is always at hand.
const OPTIONS = { hasSigningKey: true };
const BATCH = 200;

export async function readinessReport(services: ServiceContext, actor: Actor, page: number, limit: number) {
  const { db, baseUrl } = services;
  const filter = actor.operatorId ? { operatorId: actor.operatorId } : {};
  const render = documentRenderer(db, baseUrl);
  const assess = async (rows: Awaited<ReturnType<typeof listWorkspacePassports>>['rows']) =>
    Promise.all(
      rows.map(async (row) =>
        // The renderer types its document as the document model; ReadinessPassport is the credential's reading of that same object.
        passportReadiness((await render(row)) as unknown as ReadinessPassport, OPTIONS),
      ),
    );
  const { rows, total } = await listWorkspacePassports(db, actor.tenantId, filter, limit, (page - 1) * limit);
  const items = await assess(rows);
  // The totals walk the catalog in batches: readiness depends on each document's content.
  const all: PassportReadiness[] = [];
  for (let offset = 0; offset < total; offset += BATCH) {
    const batch = await listWorkspacePassports(db, actor.tenantId, filter, BATCH, offset);
    all.push(...(await assess(batch.rows)));
    if (batch.rows.length < BATCH) break;
  }
  return {
    success: true as const,
    count: items.length,
    page,
    limit,
    total,
    totalPages: Math.ceil(total / limit),
    passports: items,
    totals: readinessTotals(all),
  };
}
