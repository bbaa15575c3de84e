// Idempotency records are only replayed within their 24-hour window; past it they are dead weight.
// Every instance purges hourly (the delete is idempotent, so several instances doing it is harmless).
import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { IDEMPOTENCY_WINDOW_MS } from './idempotency.ts';

export const PURGE_INTERVAL_MS = 3_600_000;

export async function purgeExpiredKeys(db: Executor, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
