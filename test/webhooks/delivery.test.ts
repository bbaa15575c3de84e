// Delivery end to end: changes written with their outbox rows, delivered by the worker to a real
// receiver on loopback, signed (checked with the algorithm written in the test), retried with the
// same event id, and `failed` after the schedule runs out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../src/domain/webhooks/schedule.ts';
import { decodeMasterKey } from '../../src/modules/seals/master-key.ts';
import { type DeliveryWorker, startDeliveryWorker } from '../../src/modules/webhooks/service.ts';
import { bearer, createWorkspace, TEST_MASTER_KEY, type TestWorkspace } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { batteryMetadata, createOperator, createPassport } from '../helpers/passports.ts';
import { createUnit } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { type Receiver, startReceiver, verifySignature } from '../helpers/webhook-receiver.ts';

function first<T>(list: T[]): T {
  const [item] = list;
  if (item === undefined) throw new Error('nothing received');
  return item;
}

const INSECURE = { WEBHOOK_ALLOW_INSECURE_TARGETS: 'true' };

describe('webhook delivery', () => {
  const app = useTestApp(() => ({ env: INSECURE }));
  let worker: DeliveryWorker;
  let receiver: Receiver;
  let workspace: TestWorkspace;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, ws = workspace) =>
    app.inject({
      method,
      url,
      headers: bearer(ws.token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function subscribe(url: string, events: string[], ws = workspace) {
    const response = await call('POST', '/api/v1/webhooks/subscriptions', { url, events }, ws);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { subscription: { id: string }; secret: string };
  }

  /** Runs the worker until nothing due is left. */
  async function drain() {
    while ((await worker.runOnce()) > 0) {}
  }

  beforeAll(async () => {
    const { db } = await testDatabase();
    worker = startDeliveryWorker({
      db,
      masterKey: decodeMasterKey(TEST_MASTER_KEY),
      policy: { allowInsecure: true },
      timeoutMs: 2_000,
      pollMs: false,
    });
    receiver = await startReceiver();
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
  });

  afterAll(async () => {
    await worker.stop();
    await receiver.close();
  });

  it('delivers every kind, signed, with the stable event id in the header and the body', async () => {
    const { secret } = await subscribe(receiver.url, ['*']);
    receiver.received.length = 0;
    const passport = await createPassport(app, workspace.token);
    expect(
      (await call('PUT', `/api/v1/passports/${passport.id}`, { metadata: batteryMetadata() })).statusCode,
    ).toBe(200);
    expect((await call('POST', `/api/v1/passports/${passport.id}/seal`)).statusCode).toBe(200);
    await createUnit(app, workspace.token, passport.id);
    expect(
      (await call('PUT', `/api/v1/passports/${passport.id}/status`, { status: 'RECALLED' })).statusCode,
    ).toBe(200);
    await drain();

    const kinds = receiver.received.map((delivery) => delivery.json.type).sort();
    expect(kinds).toEqual([
      'batteryunit.created',
      'passport.ingested',
      'passport.ingested',
      'passport.recalled',
      'passport.sealed',
    ]);
    for (const delivery of receiver.received) {
      expect(verifySignature(secret, delivery)).toBe(true);
      expect(delivery.json.id).toBe(delivery.headers['webhook-id']);
      expect(delivery.json.workspaceId).toBe(workspace.id);
      expect(delivery.headers['content-type']).toBe('application/json');
      expect((delivery.json.data as Record<string, unknown>).passportId).toBe(passport.id);
    }
    const recall = receiver.received.find((delivery) => delivery.json.type === 'passport.recalled');
    expect(recall?.json.data).toMatchObject({ productId: passport.productId, status: 'RECALLED' });
    // A tampered body does not verify.
    expect(
      verifySignature(secret, { ...first(receiver.received), body: `${first(receiver.received).body} ` }),
    ).toBe(false);
  });

  it('sends only the kinds a subscription asked for, and nothing to a paused one', async () => {
    const ws = await createWorkspace(app);
    await createOperator(app, ws);
    const recallsOnly = await startReceiver();
    const paused = await startReceiver();
    try {
      await subscribe(recallsOnly.url, ['passport.recalled'], ws);
      const off = await subscribe(paused.url, ['*'], ws);
      expect(
        (await call('PATCH', `/api/v1/webhooks/subscriptions/${off.subscription.id}`, { active: false }, ws))
          .statusCode,
      ).toBe(200);
      const passport = await createPassport(app, ws.token);
      await call('PUT', `/api/v1/passports/${passport.id}/status`, { status: 'RECALLED' }, ws);
      await drain();
      expect(recallsOnly.received.map((delivery) => delivery.json.type)).toEqual(['passport.recalled']);
      expect(paused.received).toEqual([]);
    } finally {
      await recallsOnly.close();
      await paused.close();
    }
  });

  it('drops the waiting events of a deleted subscription', async () => {
    const ws = await createWorkspace(app);
    await createOperator(app, ws);
    const gone = await startReceiver();
    try {
      const { subscription } = await subscribe(gone.url, ['*'], ws);
      await createPassport(app, ws.token);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/v1/webhooks/subscriptions/${subscription.id}`,
        headers: bearer(ws.token),
      });
      expect(deleted.statusCode).toBe(204);
      await drain();
      expect(gone.received).toEqual([]);
    } finally {
      await gone.close();
    }
  });

  it('retries a failed delivery with the same event id, and logs each attempt', async () => {
    const ws = await createWorkspace(app);
    await createOperator(app, ws);
    const flaky = await startReceiver();
    let now = Date.now();
    const clockWorker = startDeliveryWorker({
      db: (await testDatabase()).db,
      masterKey: decodeMasterKey(TEST_MASTER_KEY),
      policy: { allowInsecure: true },
      timeoutMs: 2_000,
      pollMs: false,
      clock: () => new Date(now),
    });
    try {
      const { secret, subscription } = await subscribe(flaky.url, ['passport.ingested'], ws);
      flaky.script = [500, 503];
      await createPassport(app, ws.token);
      now = Date.now();
      while ((await clockWorker.runOnce()) > 0) {}
      expect(flaky.received).toHaveLength(1);
      for (let step = 0; step < 2; step++) {
        now += 25 * 3_600_000;
        while ((await clockWorker.runOnce()) > 0) {}
      }
      expect(flaky.received).toHaveLength(3);
      const ids = new Set(flaky.received.map((delivery) => delivery.headers['webhook-id']));
      expect(ids.size).toBe(1);
      for (const delivery of flaky.received) expect(verifySignature(secret, delivery)).toBe(true);

      const log = await call(
        'GET',
        `/api/v1/webhooks/deliveries?subscriptionId=${subscription.id}`,
        undefined,
        ws,
      );
      expect(log.statusCode).toBe(200);
      const attempts = log.json().deliveries as Record<string, unknown>[];
      expect(attempts.map((attempt) => [attempt.attempt, attempt.status, attempt.responseCode])).toEqual([
        [3, 'delivered', 204],
        [2, 'retrying', 503],
        [1, 'retrying', 500],
      ]);
      expect(attempts[2]?.nextAttemptAt).not.toBeNull();
      expect(attempts[0]?.nextAttemptAt).toBeNull();
      expect(typeof attempts[0]?.latencyMs).toBe('number');
    } finally {
      await clockWorker.stop();
      await flaky.close();
    }
  });

  it('retries a dead receiver on the schedule, with jitter, and ends failed', async () => {
    const ws = await createWorkspace(app);
    await createOperator(app, ws);
    const dead = await startReceiver();
    const deadUrl = dead.url;
    await dead.close();
    let now = Date.now();
    const clockWorker = startDeliveryWorker({
      db: (await testDatabase()).db,
      masterKey: decodeMasterKey(TEST_MASTER_KEY),
      policy: { allowInsecure: true },
      timeoutMs: 2_000,
      pollMs: false,
      clock: () => new Date(now),
    });
    try {
      const { subscription } = await subscribe(deadUrl, ['*'], ws);
      await createPassport(app, ws.token);
      now = Date.now();
      const delays: number[] = [];
      for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt++) {
        while ((await clockWorker.runOnce()) > 0) {}
        const log = await call(
          'GET',
          `/api/v1/webhooks/deliveries?subscriptionId=${subscription.id}&limit=1`,
          undefined,
          ws,
        );
        const [last] = log.json().deliveries as {
          attempt: number;
          nextAttemptAt: string | null;
          attemptedAt: string;
        }[];
        if (!last?.nextAttemptAt) break;
        const delay = Date.parse(last.nextAttemptAt) - now;
        delays.push(delay);
        now += delay;
      }
      expect(delays).toHaveLength(RETRY_DELAYS_MS.length);
      delays.forEach((delay, index) => {
        const nominal = RETRY_DELAYS_MS[index] as number;
        expect(delay).toBeGreaterThanOrEqual(nominal * 0.8 - 50);
        expect(delay).toBeLessThanOrEqual(nominal * 1.2 + 50);
      });
      const log = await call(
        'GET',
        `/api/v1/webhooks/deliveries?subscriptionId=${subscription.id}`,
        undefined,
        ws,
      );
      const attempts = log.json().deliveries as { attempt: number; status: string; error: string | null }[];
      expect(attempts).toHaveLength(MAX_ATTEMPTS);
      expect(attempts[0]).toMatchObject({ attempt: MAX_ATTEMPTS, status: 'failed' });
      expect(attempts.slice(1).every((attempt) => attempt.status === 'retrying')).toBe(true);
      expect(attempts[0]?.error).toBeTruthy();
      // Nothing is left to deliver: a month later the worker finds nothing of it.
      now += 30 * 24 * 3_600_000;
      while ((await clockWorker.runOnce()) > 0) {}
      const after = await call(
        'GET',
        `/api/v1/webhooks/deliveries?subscriptionId=${subscription.id}`,
        undefined,
        ws,
      );
      expect(after.json().count).toBe(MAX_ATTEMPTS);
    } finally {
      await clockWorker.stop();
    }
  });

  it('keeps signing with the old secret beside the new one after a rotation', async () => {
    const ws = await createWorkspace(app);
    await createOperator(app, ws);
    const rotating = await startReceiver();
    try {
      const { secret: old, subscription } = await subscribe(rotating.url, ['*'], ws);
      const rotated = await call(
        'POST',
        `/api/v1/webhooks/subscriptions/${subscription.id}/rotate-secret`,
        undefined,
        ws,
      );
      expect(rotated.statusCode).toBe(200);
      const fresh = rotated.json().secret as string;
      expect(fresh).not.toBe(old);
      expect(rotated.json().subscription.previousSecretExpiresAt).not.toBeNull();
      await createPassport(app, ws.token);
      await drain();
      const [delivery] = rotating.received;
      expect(delivery?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
      expect(verifySignature(fresh, first(rotating.received))).toBe(true);
      expect(verifySignature(old, first(rotating.received))).toBe(true);
    } finally {
      await rotating.close();
    }
  });

  it('sends a signed test event on request and answers the outcome', async () => {
    const ws = await createWorkspace(app);
    const probe = await startReceiver();
    try {
      const { secret, subscription } = await subscribe(probe.url, ['*'], ws);
      const ok = await call('POST', `/api/v1/webhooks/subscriptions/${subscription.id}/test`, undefined, ws);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        success: true,
        delivery: { status: 'delivered', responseCode: 204 },
      });
      expect(probe.received[0]?.json.type).toBe('webhook.test');
      expect(verifySignature(secret, first(probe.received))).toBe(true);
      probe.fallback = 410;
      const refused = await call(
        'POST',
        `/api/v1/webhooks/subscriptions/${subscription.id}/test`,
        undefined,
        ws,
      );
      expect(refused.json()).toMatchObject({
        success: false,
        delivery: { status: 'failed', responseCode: 410 },
      });
    } finally {
      await probe.close();
    }
  });

  it('times out a receiver that never answers and retries it', async () => {
    const ws = await createWorkspace(app);
    await createOperator(app, ws);
    const slow = await startReceiver();
    try {
      const { subscription } = await subscribe(slow.url, ['*'], ws);
      slow.script = ['hang'];
      await createPassport(app, ws.token);
      await drain();
      const log = await call(
        'GET',
        `/api/v1/webhooks/deliveries?subscriptionId=${subscription.id}`,
        undefined,
        ws,
      );
      expect(log.json().deliveries[0]).toMatchObject({ status: 'retrying', responseCode: null });
      expect(log.json().deliveries[0].error).toMatch(/no answer within 2000 ms/);
    } finally {
      await slow.close();
    }
  });

  it('refuses at delivery a target the guard forbids, even when it was allowed at registration', async () => {
    const ws = await createWorkspace(app);
    await createOperator(app, ws);
    const local = await startReceiver();
    const strict = startDeliveryWorker({
      db: (await testDatabase()).db,
      masterKey: decodeMasterKey(TEST_MASTER_KEY),
      policy: { allowInsecure: false },
      timeoutMs: 2_000,
      pollMs: false,
    });
    try {
      const { subscription } = await subscribe(local.url, ['*'], ws);
      await createPassport(app, ws.token);
      while ((await strict.runOnce()) > 0) {}
      expect(local.received).toEqual([]);
      const log = await call(
        'GET',
        `/api/v1/webhooks/deliveries?subscriptionId=${subscription.id}`,
        undefined,
        ws,
      );
      expect(log.json().deliveries[0]).toMatchObject({ status: 'retrying', responseCode: null });
      expect(log.json().deliveries[0].error).toMatch(/https/);
    } finally {
      await strict.stop();
      await local.close();
    }
  });
});
