// Bulk ingest: up to 200 create bodies, each row in its own savepoint so that one bad row never
// undoes the others. An existing productId is an upsert: the row updates that passport (versioned).
// Apart from service.ts because the savepoint per row is the bulk route's own rule; each row is the
// service's create or update.

import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import type { RowProblems } from '../../core/row-problems.ts';
import type { Executor } from '../../db/client.ts';
import { errorsFound } from '../../domain/categories/engine.ts';
import { productIdentity } from '../../domain/passports/identity.ts';
import { ValidationFailed } from './ingest.ts';
import { createPassport, updatePassport } from './service.ts';
import { findPassport } from './store.ts';

export const BULK_MAX = 200;

export interface BulkOutcome {
  /** The owner documents of the passports written, created or updated, in the order of their rows. */
  written: Record<string, unknown>[];
  errors: string[];
}

// A row's reason is one line: its first problems and a count of the rest, so that 200 rows of
// hostile metadata (each up to MAX_FINDINGS problems) cannot swell the answer a hundredfold.
const PROBLEMS_SHOWN_PER_ROW = 20;

function describeFailure(error: unknown): string {
  if (!(error instanceof AppError)) throw error;
  if (error instanceof ValidationFailed) {
    const { checked } = error;
    const shown = checked.errors
      .slice(0, PROBLEMS_SHOWN_PER_ROW)
      .map((item) => `${item.path ?? ''} ${item.message}`);
    // Beyond those shown: the rest listed and those only counted.
    const more = errorsFound(checked) - shown.length;
    if (more > 0) shown.push(`and ${more} more`);
    if (checked.truncated) shown.push('checks stopped at their limit, there may be more');
    return `Validation Failed: ${shown.join('; ')}`;
  }
  return error.message;
}

export async function bulkIngest(
  services: ServiceContext,
  actor: Actor,
  rows: unknown[],
  rights: { canUpdate: boolean },
  refused: RowProblems = null,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { written: [], errors: [] };
  await services.db.transaction(async (tx) => {
    for (const [index, raw] of rows.entries()) {
      const problem = refused?.get(index);
      // Every line names its row by index, the one thing that tells rows apart (a productId may
      // repeat or be missing), and then its productId when the row has a usable one.
      const productId =
        !problem && typeof raw === 'object' && raw !== null
          ? (raw as { productId?: unknown }).productId
          : undefined;
      const label = `[row ${index}]${typeof productId === 'string' ? ` [${productId}]` : ''}`;
      if (problem) {
        outcome.errors.push(`${label} Invalid body: ${problem.message}`);
        continue;
      }
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        outcome.errors.push(`${label} a passport must be a JSON object`);
        continue;
      }
      try {
        // The whole row, its look-ups included, runs in a savepoint of its own: whatever fails in it
        // is undone alone and becomes the row's error, never the batch's end.
        const written = await tx.transaction((row) =>
          writeRow(services, actor, row, raw as Record<string, unknown>, rights),
        );
        if ('error' in written) outcome.errors.push(`${label} ${written.error}`);
        else outcome.written.push(written.document);
      } catch (error) {
        outcome.errors.push(`${label} ${describeFailure(error)}`);
      }
    }
  });
  return outcome;
}

async function writeRow(
  services: ServiceContext,
  actor: Actor,
  tx: Executor,
  body: Record<string, unknown>,
  rights: { canUpdate: boolean },
): Promise<{ document: Record<string, unknown> } | { error: string }> {
  // Only a valid productId can name an existing passport; anything else fails validation below.
  const identity = typeof body.productId === 'string' ? productIdentity(body.productId) : null;
  const existing = identity
    ? await findPassport(tx, actor.tenantId, { productId: identity.productId })
    : null;
  if (existing && !rights.canUpdate) {
    return { error: 'exists already, and this API key lacks passport:update to change it' };
  }
  if (existing) {
    const changeReason = body.changeReason ?? 'bulk upsert';
    return updatePassport(services, actor, existing.id, { ...body, changeReason }, {}, tx);
  }
  return createPassport(services, actor, body, {}, tx);
}
