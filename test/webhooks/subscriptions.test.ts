// Subscriptions over the API: registration behind the SSRF guard, the secret shown once and stored
// encrypted, changes, deletion, the per-workspace limit, and the delivery log's paging.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { MAX_SUBSCRIPTIONS } from '../../src/modules/webhooks/service.ts';
import { bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { createOperator } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const PUBLIC = 'https://93.184.215.14/hooks';

describe('webhook subscriptions', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    token = workspace.token,
  ) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  beforeAll(async () => {
    workspace = await createWorkspace(app);
  });

  it('registers a subscription, answers its secret once, and lists it without any secret', async () => {
    const created = await call('POST', '/api/v1/webhooks/subscriptions', {
      url: PUBLIC,
      events: ['passport.recalled', 'passport.sealed'],
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      success: true,
      subscription: { url: PUBLIC, events: ['passport.recalled', 'passport.sealed'], active: true },
    });
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = await call('GET', '/api/v1/webhooks/subscriptions');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(body.secret);
    expect(list.body).not.toContain(body.secret.slice(6));
    const listed = list.json().subscriptions.find((row: { id: string }) => row.id === body.subscription.id);
    expect(Object.keys(listed).sort()).toEqual(
      ['active', 'createdAt', 'events', 'id', 'previousSecretExpiresAt', 'updatedAt', 'url'].sort(),
    );

    // At rest the secret is a secret-box, not the secret.
    const { db } = await testDatabase();
    const [row] = await queryRows<{ secret: string }>(
      db,
      sql`select secret from webhook_subscriptions where id = ${body.subscription.id}`,
    );
    expect(row?.secret.startsWith('v1.')).toBe(true);
    expect(row?.secret).not.toContain(body.secret.slice(6));
  });

  it('changes url, events and active, and deletes', async () => {
    const { subscription } = (
      await call('POST', '/api/v1/webhooks/subscriptions', { url: PUBLIC, events: ['*'] })
    ).json();
    const url = `/api/v1/webhooks/subscriptions/${subscription.id}`;
    const changed = await call('PATCH', url, {
      url: 'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/in',
      events: ['batteryunit.created'],
      active: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({ events: ['batteryunit.created'], active: false });
    expect((await call('PATCH', url, {})).statusCode).toBe(400);
    expect((await call('PATCH', url, { events: ['passport.deleted'] })).statusCode).toBe(400);
    expect((await call('DELETE', url)).statusCode).toBe(204);
    expect((await call('DELETE', url)).statusCode).toBe(404);
    expect((await call('PATCH', url, { active: true })).statusCode).toBe(404);
  });

  it.each([
    ['plain http', 'http://93.184.215.14/hooks'],
    ['loopback', 'https://127.0.0.1/hooks'],
    ['loopback by name', 'https://localhost/hooks'],
    ['IPv6 loopback', 'https://[::1]/hooks'],
    ['private 10/8', 'https://10.1.2.3/hooks'],
    ['private 192.168/16', 'https://192.168.1.10/hooks'],
    ['private 172.16/12', 'https://172.20.0.5/hooks'],
    ['CGNAT', 'https://100.64.0.1/hooks'],
    ['cloud metadata', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 unique local', 'https://[fd00:ec2::254]/hooks'],
    ['IPv6 link-local', 'https://[fe80::1]/hooks'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hooks'],
    ['unspecified', 'https://0.0.0.0/hooks'],
    ['credentials in the URL', 'https://user:pass@93.184.215.14/hooks'],
    ['not a URL', 'hooks.example'],
    ['another scheme', 'ftp://93.184.215.14/hooks'],
  ])('refuses a target that is %s', async (_what, url) => {
    const response = await call('POST', '/api/v1/webhooks/subscriptions', { url, events: ['*'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'Bad Request' });
  });

  it('saves a target whose host does not resolve yet, and its deliveries fail while it does not', async () => {
    // `.invalid` never resolves (RFC 6761): a receiver whose DNS is not set up yet.
    const created = await call('POST', '/api/v1/webhooks/subscriptions', {
      url: 'https://erp.example.invalid/hooks',
      events: ['*'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { subscription } = created.json();
    expect(subscription.url).toBe('https://erp.example.invalid/hooks');
    const moved = await call('PATCH', `/api/v1/webhooks/subscriptions/${subscription.id}`, {
      url: 'https://other.example.invalid/in',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Each delivery resolves the host again: the test event fails, naming why.
    const tested = await call('POST', `/api/v1/webhooks/subscriptions/${subscription.id}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().success).toBe(false);
    expect(tested.json().delivery.error).toContain('does not resolve');
    await call('DELETE', `/api/v1/webhooks/subscriptions/${subscription.id}`);
  });

  it('refuses to move an existing subscription to a forbidden address', async () => {
    const { subscription } = (
      await call('POST', '/api/v1/webhooks/subscriptions', { url: PUBLIC, events: ['*'] })
    ).json();
    const moved = await call('PATCH', `/api/v1/webhooks/subscriptions/${subscription.id}`, {
      url: 'https://169.254.169.254/',
    });
    expect(moved.statusCode).toBe(400);
    await call('DELETE', `/api/v1/webhooks/subscriptions/${subscription.id}`);
  });

  it('refuses bodies outside the contract', async () => {
    for (const payload of [
      { url: PUBLIC },
      { url: PUBLIC, events: [] },
      { url: PUBLIC, events: ['passport.created'] },
      { url: PUBLIC, events: ['*', '*'] },
      { url: PUBLIC, events: ['*'], secret: 'mine' },
    ]) {
      expect((await call('POST', '/api/v1/webhooks/subscriptions', payload)).statusCode).toBe(400);
    }
  });

  it('holds a workspace to its subscription limit', async () => {
    const ws = await createWorkspace(app);
    for (let index = 0; index < MAX_SUBSCRIPTIONS; index++) {
      const response = await call(
        'POST',
        '/api/v1/webhooks/subscriptions',
        { url: PUBLIC, events: ['*'] },
        ws.token,
      );
      expect(response.statusCode).toBe(201);
    }
    const over = await call(
      'POST',
      '/api/v1/webhooks/subscriptions',
      { url: PUBLIC, events: ['*'] },
      ws.token,
    );
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain(String(MAX_SUBSCRIPTIONS));
  });

  it('leaves subscriptions to workspace-wide keys', async () => {
    const ws = await createWorkspace(app);
    const operator = await createOperator(app, ws);
    const scoped = await createKey(app, ws, { role: 'BRAND_OPERATOR', operatorId: operator.id });
    const response = await call(
      'POST',
      '/api/v1/webhooks/subscriptions',
      { url: PUBLIC, events: ['*'] },
      scoped.token,
    );
    expect(response.statusCode).toBe(403);
  });

  it('pages the delivery log with a cursor and refuses a forged one', async () => {
    const ws = await createWorkspace(app);
    const { subscription } = (
      await call(
        'POST',
        '/api/v1/webhooks/subscriptions',
        { url: 'https://93.184.215.14:1/hooks', events: ['*'] },
        ws.token,
      )
    ).json();
    const { db } = await testDatabase();
    // Five attempts logged a second apart, as the worker would write them.
    for (let index = 0; index < 5; index++) {
      await db.execute(sql`
        insert into webhook_deliveries (tenant_id, subscription_id, event_id, kind, attempt, status, latency_ms, attempted_at)
        values (${ws.id}, ${subscription.id}, gen_random_uuid(), 'passport.ingested', 1, 'delivered', 12,
                ${new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString()}::timestamptz)`);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call(
        'GET',
        `/api/v1/webhooks/deliveries?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        ws.token,
      );
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.count).toBeLessThanOrEqual(2);
      seen.push(...body.deliveries.map((row: { attemptedAt: string }) => row.attemptedAt));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(
      [4, 3, 2, 1, 0].map((second) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString()),
    );
    expect(
      (await call('GET', '/api/v1/webhooks/deliveries?cursor=bm90LWEtY3Vyc29y', undefined, ws.token))
        .statusCode,
    ).toBe(400);
    // Another workspace sees none of them.
    const other = await call('GET', '/api/v1/webhooks/deliveries', undefined, workspace.token);
    expect(
      other
        .json()
        .deliveries.some((row: { subscriptionId: string }) => row.subscriptionId === subscription.id),
    ).toBe(false);
  });
});
