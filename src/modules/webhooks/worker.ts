// The delivery worker: claims due events from the outbox (SKIP LOCKED, so any number of workers on
// any number of instances share the queue), signs and posts them, and records each attempt. A
// failed attempt is scheduled again on the back-off schedule; after the last one the event is
// `failed`. A worker killed mid-delivery leaves its claim leased; the lease runs out and another
// claim delivers it again with the same event id (at-least-once).
//
// The outbox is its own queue rather than a pg-boss queue: the event row is written by the audit
// insert of the change itself (one statement, no second schema to write in the hot transaction),
// the retry schedule and its clock stay ours, and the claim needs nothing pg-boss adds on top of
// SKIP LOCKED. See docs/webhooks.md.
import { type PollingWorker, startPolling } from '../../core/polling-worker.ts';
import { signedHeaders, type WebhookEvent } from '../../domain/webhooks/payload.ts';
import { MAX_ATTEMPTS, retryDelay } from '../../domain/webhooks/schedule.ts';
import { type OutboxWorkerOptions, outboxSettings } from './outbox-worker.ts';
import { signingSecrets } from './secrets.ts';
import { sendWebhook } from './send.ts';
import * as store from './store.ts';

/** `runOnce` answers how many events it attempted. */
export type DeliveryWorker = PollingWorker;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function eventBody(row: store.ClaimedEvent): { event: WebhookEvent; body: string } {
  const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
  const event: WebhookEvent = {
    id: row.event_id,
    type: row.kind,
    timestamp: iso(row.created_at),
    workspaceId: row.tenant_id,
    data,
  };
  return { event, body: JSON.stringify(event) };
}

export function startDeliveryWorker(options: OutboxWorkerOptions): DeliveryWorker {
  const { db, masterKey, policy, timeoutMs } = options;
  const { clock, random, batch, pollMs, leaseUntil } = outboxSettings(options);

  async function deliver(row: store.ClaimedEvent, subscription: store.SubscriptionRow | undefined) {
    const now = clock();
    const attempt = row.attempts;
    const { body } = eventBody(row);
    let result: { ok: boolean; responseCode: number | null; latencyMs: number; error: string | null };
    if (!subscription)
      result = { ok: false, responseCode: null, latencyMs: 0, error: 'subscription deleted' };
    else if (!subscription.active) {
      result = { ok: false, responseCode: null, latencyMs: 0, error: 'subscription paused' };
    } else {
      const headers = signedHeaders(row.event_id, now, body, signingSecrets(masterKey, subscription, now));
      result = await sendWebhook(subscription.url, body, headers, policy, timeoutMs);
    }
    const after = clock();
    // A paused or deleted subscription ends the event at once; others follow the schedule.
    const delay = result.ok || !subscription?.active ? null : retryDelay(attempt, random());
    const status = result.ok ? 'delivered' : delay === null ? 'failed' : 'retrying';
    const nextAttemptAt = delay === null ? null : new Date(after.getTime() + delay);
    await store.recordAttempt(
      db,
      {
        tenantId: row.tenant_id,
        id: row.id,
        status: status === 'retrying' ? 'pending' : status,
        nextAttemptAt: nextAttemptAt ?? after,
      },
      {
        tenantId: row.tenant_id,
        outboxId: row.id,
        subscriptionId: row.subscription_id,
        eventId: row.event_id,
        kind: row.kind,
        attempt,
        status,
        responseCode: result.responseCode,
        latencyMs: result.latencyMs,
        error: result.error,
        nextAttemptAt,
        attemptedAt: now,
      },
      after,
    );
  }

  async function once(): Promise<number> {
    const now = clock();
    const claimed = await store.claimDue(db, now, leaseUntil(now), batch);
    if (claimed.length === 0) return 0;
    const subscriptions = await store.subscriptionsByIds(
      db,
      claimed.map((row) => ({ tenantId: row.tenant_id, id: row.subscription_id })),
    );
    const byKey = new Map(subscriptions.map((row) => [`${row.tenantId}/${row.id}`, row]));
    await Promise.all(
      claimed.map((row) =>
        deliver(row, byKey.get(`${row.tenant_id}/${row.subscription_id}`)).catch((error: unknown) =>
          options.onError?.(error),
        ),
      ),
    );
    return claimed.length;
  }

  return startPolling({ pass: once, batch, pollMs, onError: options.onError });
}

export { MAX_ATTEMPTS };
