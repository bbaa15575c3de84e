// Idempotency-Key for unit writes, per (workspace, unit, key) for 24 hours. The key is claimed inside
// the write's own transaction and the answer stored there too: a concurrent duplicate waits on the
// key's row and then replays, and a replay survives a restart, because it is only ever visible
// together with the write it answers.
import { and, eq, lt, sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
const MAX_LENGTH = 255;
// C0, DEL and C1 controls (the Unicode general category Cc).
const CONTROL = /\p{Cc}/u;

export interface StoredAnswer {
  status: number;
  body: string;
}

/** The header's key, null when absent; a malformed one is a 400. */
export function readIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.length === 0 || value.length > MAX_LENGTH || CONTROL.test(value)) {
    throw badRequest(`Idempotency-Key must be 1 to ${MAX_LENGTH} characters without control characters`);
  }
  return value;
}

/**
 * Claims the key for this transaction, or returns the answer already stored under it. An expired
 * record is taken over as if it were new.
 */
export async function claimKey(
  tx: Executor,
  scope: { tenantId: string; scopeId: string; key: string },
  now: Date,
): Promise<StoredAnswer | null> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ ...scope, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.tenantId, idempotencyKeys.scopeId, idempotencyKeys.key],
      set: { createdAt: now, statusCode: null, body: null },
      setWhere: lt(idempotencyKeys.createdAt, cutoff),
    })
    .returning({ claimed: sql<number>`1` });
  if (claimed.length > 0) return null;
  const [found] = await tx
    .select({ status: idempotencyKeys.statusCode, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.tenantId, scope.tenantId),
        eq(idempotencyKeys.scopeId, scope.scopeId),
        eq(idempotencyKeys.key, scope.key),
      ),
    );
  if (!found || found.status === null || found.body === null) {
    throw new Error('idempotency record without an answer');
  }
  return { status: found.status, body: found.body };
}

export async function storeAnswer(
  tx: Executor,
  scope: { tenantId: string; scopeId: string; key: string },
  answer: StoredAnswer,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.status, body: answer.body })
    .where(
      and(
        eq(idempotencyKeys.tenantId, scope.tenantId),
        eq(idempotencyKeys.scopeId, scope.scopeId),
        eq(idempotencyKeys.key, scope.key),
      ),
    );
}
