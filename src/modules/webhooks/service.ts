// Webhook subscriptions of a workspace: registration behind the SSRF guard, secrets shown once and
// kept encrypted, rotation with an overlap, a signed test event, and the delivery log.
import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import { type Actor, assertWorkspaceWide } from '../../core/actor.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { positionParameter } from '../../core/page-cursor.ts';
import { encodePositionCursor, positionAt, positionDate } from '../../domain/paging/cursor.ts';
import { TEST_KIND } from '../../domain/webhooks/kinds.ts';
import { newWebhookSecret, signedHeaders, type WebhookEvent } from '../../domain/webhooks/payload.ts';
import { ROTATION_OVERLAP_MS, sealSecret, signingSecrets } from './secrets.ts';
import { sendWebhook } from './send.ts';
import * as store from './store.ts';
import { checkTarget, checkUrlShape, HostUnresolved, type TargetPolicy, TargetRefused } from './target.ts';

export { type CachePurge, type PurgeRequest, startCachePurge } from './cache-purge.ts';
export { type OutboxWorkerOptions, outboxSettings } from './outbox-worker.ts';
export { type SendResult, sendGuarded } from './send.ts';
export type { OutboxEvent } from './store.ts';
export { checkTarget, type TargetPolicy, TargetRefused } from './target.ts';
export { type DeliveryWorker, startDeliveryWorker } from './worker.ts';

/**
 * The last part of a statement that queues an event for each active subscription of its workspace
 * that wants its kind (or `*`), so that the audit trail writes its event and these deliveries in one
 * round trip: `source` is the caller's row source holding the event's id in a column `id`.
 */
export function queueForSubscriptions(source: SQL, event: store.OutboxEvent): SQL {
  return store.outboxInsert(source, event);
}

/** Subscriptions one workspace may hold. */
export const MAX_SUBSCRIPTIONS = 20;

export interface WebhookContext extends ServiceContext {
  webhooks: TargetPolicy & { timeoutMs: number };
}

export interface SubscriptionRecord {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryRecord {
  id: string;
  subscriptionId: string;
  eventId: string;
  kind: string;
  attempt: number;
  status: 'delivered' | 'retrying' | 'failed';
  responseCode: number | null;
  latencyMs: number;
  error: string | null;
  nextAttemptAt: string | null;
  attemptedAt: string;
}

function toRecord(row: store.SubscriptionRow, now: Date): SubscriptionRecord {
  const overlap =
    row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    active: row.active,
    previousSecretExpiresAt: overlap ? overlap.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: store.DeliveryRow): DeliveryRecord {
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    eventId: row.eventId,
    kind: row.kind,
    attempt: row.attempt,
    status: row.status as DeliveryRecord['status'],
    responseCode: row.responseCode,
    latencyMs: row.latencyMs,
    error: row.error,
    nextAttemptAt: row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    attemptedAt: row.attemptedAt.toISOString(),
  };
}

/**
 * A subscription's URL as registered. A host that does not resolve now is kept (its DNS may not be
 * set up yet, or name a receiver the node will reach later): every delivery resolves and checks it
 * again, and fails while it does not resolve. Any other refusal of the guard is a 400.
 */
async function checkedUrl(context: WebhookContext, url: string): Promise<string> {
  try {
    return (await checkTarget(url, context.webhooks)).href;
  } catch (error) {
    if (error instanceof HostUnresolved) return checkUrlShape(url, context.webhooks).href;
    if (error instanceof TargetRefused) throw badRequest(error.message);
    throw error;
  }
}

/** The host of a webhook URL when it does not resolve now (the console warns of it), else null. */
export async function unresolvedHost(url: string, policy: TargetPolicy): Promise<string | null> {
  try {
    await checkTarget(url, policy);
    return null;
  } catch (error) {
    if (error instanceof HostUnresolved) return new URL(url).hostname;
    return null;
  }
}

async function ownSubscription(context: WebhookContext, actor: Actor, id: string) {
  const row = await store.findSubscription(context.db, actor.tenantId, id);
  if (!row) throw notFound('Webhook subscription not found');
  return row;
}

export interface SubscriptionInput {
  url: string;
  events: string[];
  active?: boolean;
}

export async function createSubscription(
  context: WebhookContext,
  actor: Actor,
  input: SubscriptionInput,
): Promise<{ subscription: SubscriptionRecord; secret: string }> {
  // A subscription hears every operator's events: only workspace-wide credentials manage them.
  assertWorkspaceWide(actor, 'manage webhook subscriptions');
  const url = await checkedUrl(context, input.url);
  const now = context.clock();
  const id = randomUUID();
  const secret = newWebhookSecret();
  const row = await context.db.transaction(async (tx) => {
    // Serialises concurrent registrations of one workspace, so the limit holds.
    await store.lockWorkspaceSubscriptions(tx, actor.tenantId);
    if ((await store.countSubscriptions(tx, actor.tenantId)) >= MAX_SUBSCRIPTIONS) {
      throw conflict(`A workspace holds at most ${MAX_SUBSCRIPTIONS} webhook subscriptions`);
    }
    return store.insertSubscription(tx, {
      tenantId: actor.tenantId,
      id,
      url,
      events: input.events,
      active: input.active ?? true,
      secret: sealSecret(context.sealing.masterKey, actor.tenantId, id, secret),
      createdAt: now,
      updatedAt: now,
    });
  });
  return { subscription: toRecord(row, now), secret };
}

export async function listSubscriptions(
  context: WebhookContext,
  actor: Actor,
): Promise<SubscriptionRecord[]> {
  const now = context.clock();
  return (await store.listSubscriptions(context.db, actor.tenantId)).map((row) => toRecord(row, now));
}

export async function updateSubscription(
  context: WebhookContext,
  actor: Actor,
  id: string,
  input: Partial<SubscriptionInput>,
): Promise<SubscriptionRecord> {
  assertWorkspaceWide(actor, 'manage webhook subscriptions');
  await ownSubscription(context, actor, id);
  const now = context.clock();
  const row = await store.updateSubscription(context.db, actor.tenantId, id, {
    ...(input.url !== undefined ? { url: await checkedUrl(context, input.url) } : {}),
    ...(input.events !== undefined ? { events: input.events } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    updatedAt: now,
  });
  if (!row) throw notFound('Webhook subscription not found');
  return toRecord(row, now);
}

export async function deleteSubscription(context: WebhookContext, actor: Actor, id: string): Promise<void> {
  assertWorkspaceWide(actor, 'manage webhook subscriptions');
  const deleted = await context.db.transaction((tx) => store.deleteSubscription(tx, actor.tenantId, id));
  if (!deleted) throw notFound('Webhook subscription not found');
}

/** A new secret, shown once; the old one keeps signing beside it for ROTATION_OVERLAP_MS. */
export async function rotateSecret(
  context: WebhookContext,
  actor: Actor,
  id: string,
): Promise<{ subscription: SubscriptionRecord; secret: string }> {
  assertWorkspaceWide(actor, 'manage webhook subscriptions');
  const current = await ownSubscription(context, actor, id);
  const now = context.clock();
  const secret = newWebhookSecret();
  const row = await store.updateSubscription(context.db, actor.tenantId, id, {
    secret: sealSecret(context.sealing.masterKey, actor.tenantId, id, secret),
    previousSecret: current.secret,
    previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
    updatedAt: now,
  });
  if (!row) throw notFound('Webhook subscription not found');
  return { subscription: toRecord(row, now), secret };
}

/** Sends a signed `webhook.test` event now (not queued, not retried) and answers how it went. */
export async function sendTestEvent(
  context: WebhookContext,
  actor: Actor,
  id: string,
): Promise<{ success: boolean; delivery: DeliveryRecord }> {
  const row = await ownSubscription(context, actor, id);
  const now = context.clock();
  const event: WebhookEvent = {
    id: randomUUID(),
    type: TEST_KIND,
    timestamp: now.toISOString(),
    workspaceId: actor.tenantId,
    data: { subscriptionId: row.id },
  };
  const body = JSON.stringify(event);
  const headers = signedHeaders(event.id, now, body, signingSecrets(context.sealing.masterKey, row, now));
  const result = await sendWebhook(row.url, body, headers, context.webhooks, context.webhooks.timeoutMs);
  const logged = await store.insertDelivery(context.db, {
    tenantId: actor.tenantId,
    outboxId: null,
    subscriptionId: row.id,
    eventId: event.id,
    kind: TEST_KIND,
    attempt: 1,
    status: result.ok ? 'delivered' : 'failed',
    responseCode: result.responseCode,
    latencyMs: result.latencyMs,
    error: result.error,
    nextAttemptAt: null,
    attemptedAt: now,
  });
  return { success: result.ok, delivery: toDelivery(logged) };
}

/** Where a delivery cursor points: attempt times are written from a JS Date, in whole milliseconds. */
function afterPosition(cursor: string | undefined) {
  const position = positionParameter('cursor', cursor);
  return position ? { after: { attemptedAt: positionDate(position), id: position.id } } : {};
}

export async function listDeliveries(
  context: WebhookContext,
  actor: Actor,
  query: { subscriptionId?: string; status?: string; cursor?: string },
  limit: number,
): Promise<{ deliveries: DeliveryRecord[]; nextCursor: string | null }> {
  const rows = await store.listDeliveries(
    context.db,
    actor.tenantId,
    {
      ...(query.subscriptionId !== undefined ? { subscriptionId: query.subscriptionId } : {}),
      ...(query.status !== undefined ? { status: query.status } : {}),
      ...afterPosition(query.cursor),
    },
    limit + 1,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    deliveries: page.map(toDelivery),
    nextCursor:
      rows.length > limit && last ? encodePositionCursor(positionAt(last.attemptedAt, last.id)) : null,
  };
}
