// Bulk ingest: up to 200 create bodies, each row in its own savepoint so that one bad row never
// undoes the others. An existing productId is an upsert: the row updates that passport (versioned).

import type { ServiceContext } from '../../context.ts';
import type { AdvisoryItem } from '../../domain/categories/types.ts';
import { productIdentity } from '../../domain/passports/identity.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { createPassport, updatePassport } from './service.ts';
import { findPassport, type PassportRow } from './store.ts';

export const BULK_MAX = 200;

export interface BulkOutcome {
  created: PassportRow[];
  updated: PassportRow[];
  written: PassportRow[];
  errors: string[];
}

function describeFailure(error: unknown): string {
  if (!(error instanceof AppError)) throw error;
  if (error.code === 'VALIDATION_FAILED') {
    const items = (error.extra.errors as AdvisoryItem[] | undefined) ?? [];
    return `Validation Failed: ${items.map((item) => `${item.path ?? ''} ${item.message}`).join('; ')}`;
  }
  return error.message;
}

export async function bulkIngest(
  services: ServiceContext,
  actor: Actor,
  rows: unknown[],
  rights: { canUpdate: boolean },
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { created: [], updated: [], written: [], errors: [] };
  await services.db.transaction(async (tx) => {
    for (const [index, raw] of rows.entries()) {
      const label =
        typeof raw === 'object' &&
        raw !== null &&
        typeof (raw as { productId?: unknown }).productId === 'string'
          ? (raw as { productId: string }).productId
          : `row ${index}`;
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        outcome.errors.push(`[${label}] a passport must be a JSON object`);
        continue;
      }
      const body = raw as Record<string, unknown>;
      try {
        // Only a valid productId can name an existing passport; anything else fails validation below.
        const identity = typeof body.productId === 'string' ? productIdentity(body.productId) : null;
        const existing = identity
          ? await findPassport(tx, actor.tenantId, { productId: identity.productId })
          : null;
        if (existing && !rights.canUpdate) {
          outcome.errors.push(
            `[${label}] exists already, and this API key lacks passport:update to change it`,
          );
        } else if (existing) {
          const { row } = await updatePassport(
            services,
            actor,
            existing.id,
            { ...body, changeReason: body.changeReason ?? 'bulk upsert' },
            tx,
          );
          outcome.updated.push(row);
          outcome.written.push(row);
        } else {
          const { row } = await createPassport(services, actor, body, tx);
          outcome.created.push(row);
          outcome.written.push(row);
        }
      } catch (error) {
        outcome.errors.push(`[${label}] ${describeFailure(error)}`);
      }
    }
  });
  return outcome;
}
