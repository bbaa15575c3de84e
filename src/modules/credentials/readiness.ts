// GET /api/v1/passports/vc-readiness: per passport of a page, whether each credential form can be
// issued now and what it lacks; the totals cover the whole catalog the caller may read.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import {
  type PassportReadiness,
  passportReadiness,
  type ReadinessPassport,
  readinessTotals,
} from '../../domain/credentials/index.ts';
import { documentRenderer, listPassports } from '../passports/service.ts';

// The node makes a workspace's signing key on first need, so a key is always at hand.
const OPTIONS = { hasSigningKey: true };
const BATCH = 200;

export async function readinessReport(services: ServiceContext, actor: Actor, page: number, limit: number) {
  const { db, baseUrl } = services;
  // The passport list confines an operator-scoped key to its own operator's passports.
  const render = documentRenderer(db, baseUrl);
  const assess = async (rows: Awaited<ReturnType<typeof listPassports>>['rows']) =>
    Promise.all(
      rows.map(async (row) =>
        // The renderer types its document as the document model; ReadinessPassport is the credential's reading of that same object.
        passportReadiness((await render(row)) as unknown as ReadinessPassport, OPTIONS),
      ),
    );
  const { rows, total } = await listPassports(services, actor, {}, page, limit);
  const items = await assess(rows);
  // The totals walk the catalog in batches: readiness depends on each document's content.
  const all: PassportReadiness[] = [];
  for (let offset = 0; offset < total; offset += BATCH) {
    const batch = await listPassports(services, actor, {}, offset / BATCH + 1, BATCH);
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
